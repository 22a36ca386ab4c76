/**
 * Schema pieces every service's routes share. Routes spread `memberOnly` (or `adminOnly`) into a route's
 * schema (the API docs then show it needs a token) and pick their error answers from `errors`.
 * A route without tags is tagged with its service's name (build-app.ts).
 */
import { errorBodySchema } from '@kora/contracts';

/** The OpenAPI security requirement of a route for signed-in members (the gateway's identity). */
export const memberOnly = { security: [{ bearerAuth: [] }] };

/** The same requirement for the back office's routes, listed under `admin` in the API docs. */
export const adminOnly = { tags: ['admin'], security: [{ bearerAuth: [] }] };

/** The error answers a route may declare, by status: `response: { 200: ..., 404: errors[404] }`. */
export const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  402: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  503: errorBodySchema,
} as const;
