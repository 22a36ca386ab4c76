/**
 * Admin-only route groups, the back office's counterpart of `memberRoutes` (decision 024): one hook
 * refuses anonymous callers (401) and members (403) before the request is read, so neither learns
 * anything from validation answers, and handlers take the admin with `adminOf(request)`, which only
 * reads what the hook stored.
 */
import type { FastifyRequest } from 'fastify';
import type { Identity } from '../identity.js';
import type { ServiceApp } from '../service.js';
import { requireAdmin } from './identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in admin, set by an `adminRoutes` group's hook; null outside such a group. */
    admin: Identity | null;
  }
}

/** Registers `register`'s routes as one encapsulated group that only admins reach. */
export async function adminRoutes(app: ServiceApp, register: (admins: ServiceApp) => void | Promise<void>): Promise<void> {
  await app.register(async (admins: ServiceApp) => {
    admins.addHook('onRequest', async (request) => {
      request.admin = requireAdmin(request);
    });
    await register(admins);
  });
}

/**
 * The admin an `adminRoutes` group let in. Called from a route outside such a group it throws a
 * plain error (a 500): that is a bug in the route's registration, never a caller's mistake.
 */
export function adminOf(request: FastifyRequest): Identity {
  if (!request.admin) throw new Error(`adminOf() on ${request.routeOptions.url ?? request.url}, a route outside adminRoutes()`);
  return request.admin;
}
