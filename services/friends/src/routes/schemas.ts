/** Response pieces and path parameters every friends route shares. */
import { errorBodySchema } from '@kora/contracts';
import type { AppError } from '@kora/platform';
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

/**
 * Ids in paths are positive integers; anything else names nothing, so it answers the same 404 as
 * an id that does not exist (never a 500 from the database).
 */
export function parseId(raw: string, missing: () => AppError): number {
  if (!/^[1-9]\d{0,15}$/.test(raw)) throw missing();
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw missing();
  return id;
}
