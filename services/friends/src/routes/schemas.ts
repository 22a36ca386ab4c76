/** Path parameters friends routes share (the error answers and `memberOnly` are the platform's). */
import { z } from 'zod';

export const requestIdParams = z.object({ id: z.string().describe('Friend request id') });
export const userIdParams = z.object({ userId: z.string().describe('Member id') });
