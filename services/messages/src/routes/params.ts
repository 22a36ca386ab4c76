/**
 * Path parameters the messages routes share. Read as strings and turned into ids by `parsePathId`,
 * so `/conversations/abc` answers 404 "Conversation not found" like an id that does not exist.
 */
import { z } from 'zod';

export const conversationParams = z.object({ id: z.string().describe('Conversation id') });
export const messageParams = conversationParams.extend({ messageId: z.string().describe('Message id') });
export const memberParams = conversationParams.extend({ userId: z.string().describe('Member id') });
export const reportParams = z.object({ id: z.string().describe('Report id') });
