/** Response pieces every posts route shares. */
import { errorBodySchema } from '@kora/contracts';

/** Every posts route needs a signed-in member (the gateway's identity header). */
export const memberOnly = { security: [{ bearerAuth: [] }], tags: ['posts'] };

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
} as const;
