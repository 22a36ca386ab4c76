/** Response pieces every notifications route shares. */
import { errorBodySchema } from '@kora/contracts';

/** Every notifications route needs a signed-in member (the gateway's identity header). */
export const memberOnly = { security: [{ bearerAuth: [] }], tags: ['notifications'] };

export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
} as const;
