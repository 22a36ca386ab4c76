/**
 * Pro packages (docs/product/wallet.md; decision 023):
 * - GET /api/packages -> [plan]: the two plans, prices in naira
 * - GET /api/packages/mine -> the caller's plan while it is active, else null
 * - POST /api/packages/:id/purchase (no body; optional `Idempotency-Key`) -> the plan after it and
 *   the balance left: paid from the wallet in one transaction (402 when short, nothing moves); a
 *   retry with the same key answers the first purchase again and moves nothing.
 */
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKey,
  membershipSchema,
  packageIdParams,
  packageListSchema,
  packagePlans,
  purchaseAnswer,
} from '@kora/contracts';
import { bodilessRoutes, errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import type { FastifyRequest } from 'fastify';
import type { Wallet } from '../context.js';
import { idempotencyKeyInvalid } from '../errors.js';
import { isActive, membershipAnswer, membershipOf } from '../packages/membership.js';
import { purchasePackage } from '../packages/purchase.js';

/** The caller's plan or null; the example shown is the plan's (API docs, decision 015). */
const myPackageAnswer = membershipSchema.nullable().meta({ example: membershipSchema.meta()?.example });

/** The request's Idempotency-Key, null without one; 400 when it is not 1 to 200 visible characters. */
function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return null;
  const parsed = idempotencyKey.safeParse(raw);
  if (!parsed.success) throw idempotencyKeyInvalid();
  return parsed.data;
}

export async function packagesRoutes(app: ServiceApp, w: Wallet): Promise<void> {
  app.get(
    '/api/packages',
    {
      schema: {
        ...memberOnly,
        operationId: 'listPackages',
        summary: 'The Pro plans, prices in naira',
        response: { 200: packageListSchema, 401: errors[401] },
      },
    },
    async () => [...packagePlans],
  );

  app.get(
    '/api/packages/mine',
    {
      schema: {
        ...memberOnly,
        operationId: 'getMyPackage',
        summary: 'Your Pro plan while it is active, else null',
        response: { 200: myPackageAnswer, 401: errors[401] },
      },
    },
    async (request) => {
      const membership = await membershipOf(w, w.ctx.db, memberOf(request).userId);
      return isActive(membership, w.now()) ? membershipAnswer(membership) : null;
    },
  );

  await bodilessRoutes(app, (scope) => {
    scope.post(
      '/api/packages/:id/purchase',
      {
        schema: {
          ...memberOnly,
          operationId: 'purchasePackage',
          summary: 'Buy a Pro plan from your wallet (extends an active plan); an Idempotency-Key makes a retry a no-op',
          params: packageIdParams,
          response: { 200: purchaseAnswer, 400: errors[400], 401: errors[401], 402: errors[402], 404: errors[404], 409: errors[409] },
        },
      },
      async (request) => purchasePackage(w, memberOf(request).userId, request.params.id, keyOf(request)),
    );
  });
}
