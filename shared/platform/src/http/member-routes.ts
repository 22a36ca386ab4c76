/**
 * Member-only route groups. A service registers its members' routes inside `memberRoutes`: one
 * hook refuses anonymous callers before the request is read (so they learn nothing from validation
 * answers either), and handlers take the verified member with `memberOf(request)`, which only reads
 * what the hook stored. The identity is checked once per request, by the group.
 */
import type { FastifyRequest } from 'fastify';
import type { Identity } from '../identity.js';
import type { ServiceApp } from '../service.js';
import { requireMember } from './identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member, set by a `memberRoutes` group's hook; null outside such a group. */
    member: Identity | null;
  }
}

/** Registers `register`'s routes as one encapsulated group that only signed-in members reach. */
export async function memberRoutes(app: ServiceApp, register: (members: ServiceApp) => void | Promise<void>): Promise<void> {
  await app.register(async (members) => {
    members.addHook('onRequest', async (request) => {
      request.member = requireMember(request);
    });
    await register(members);
  });
}

/**
 * The member a `memberRoutes` group let in. Called from a route outside such a group it throws a
 * plain error (a 500): that is a bug in the route's registration, never a caller's mistake.
 */
export function memberOf(request: FastifyRequest): Identity {
  if (!request.member) throw new Error(`memberOf() on ${request.routeOptions.url ?? request.url}, a route outside memberRoutes()`);
  return request.member;
}
