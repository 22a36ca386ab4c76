/** Response pieces and path parameters every friends route shares. */
import { errorBodySchema } from '@kora/contracts';
import { z } from 'zod';

/** Every friends route needs a signed-in member (the gateway's identity header). */
export const memberOnly = { security: [{ bearerAuth: [] }], tags: ['friends'] };

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
} as const;

export const requestIdParams = z.object({ id: z.string().describe('Friend request id') });
export const userIdParams = z.object({ userId: z.string().describe('Member id') });
