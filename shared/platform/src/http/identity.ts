/**
 * Who is calling: the gateway's signed identity assertion, verified per request. Route handlers ask
 * for the role they need; the check is on the server, for every route.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiErrorTexts, AuthErrorCode, authTexts } from '@kora/contracts';
import { forbidden, unauthenticated } from '../errors.js';
import { IDENTITY_HEADER, SERVICE_CALL_HEADER, verifyIdentity, verifyServiceCall, type Identity } from '../identity.js';

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
    /** The sibling service calling an internal route, verified; null for everyone else. */
    callerService: string | null;
  }
}

export function installIdentity(app: FastifyInstance, secret: string): void {
  app.decorateRequest('identity', null);
  app.decorateRequest('callerService', null);
  // Set by a memberRoutes() or adminRoutes() group (member-routes.ts, admin-routes.ts); declared here, once per app.
  app.decorateRequest('member', null);
  app.decorateRequest('admin', null);
  app.addHook('onRequest', async (request) => {
    request.identity = verifyIdentity(request.headers[IDENTITY_HEADER], secret);
    request.callerService = verifyServiceCall(request.headers[SERVICE_CALL_HEADER], secret);
  });
}

/** A signed-in member (any role). */
export function requireMember(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthenticated();
  return request.identity;
}

/** The signed-in member must be `userId` (owner-only actions). Admins are not owners. */
export function requireOwner(request: FastifyRequest, userId: number): Identity {
  const identity = requireMember(request);
  if (identity.userId !== userId) throw forbidden();
  return identity;
}

export function requireAdmin(request: FastifyRequest): Identity {
  const identity = requireMember(request);
  if (identity.role !== 'admin') throw forbidden(apiErrorTexts.adminsOnly);
  // The site requires two-step sign-in of admins and this one has not turned it on (decision 033).
  if (identity.twoStepMissing) throw forbidden(authTexts.twoStepRequiredForAdmins, AuthErrorCode.TwoStepRequired);
  return identity;
}

/** Internal routes (`/internal/...`): only sibling services, never members or the public. */
export function requireServiceCall(request: FastifyRequest): string {
  if (!request.callerService) throw forbidden(apiErrorTexts.internalRoute);
  return request.callerService;
}
