/**
 * The balance (docs/product/wallet.md): GET /api/users/fetchbalance -> the caller's balance, a bare
 * number in naira (5000.5), 0 before their first movement.
 */
import { balanceAnswer, koboToNaira } from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import type { Wallet } from '../context.js';
import { balanceKoboOf } from '../ledger/balance.js';

export function balanceRoutes(app: ServiceApp, w: Wallet): void {
  app.get(
    '/api/users/fetchbalance',
    {
      schema: {
        ...memberOnly,
        operationId: 'fetchBalance',
        summary: 'Your wallet balance, in naira',
        response: { 200: balanceAnswer, 401: errors[401] },
      },
    },
    async (request) => koboToNaira(await balanceKoboOf(w, w.ctx.db, memberOf(request).userId)),
  );
}
