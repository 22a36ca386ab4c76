/**
 * The wallet's history (docs/product/wallet.md):
 * GET /api/payments/transactions?start&end&cursor&limit -> [transaction], newest first; `start` and
 * `end` are inclusive days of KORA_TIME_ZONE's calendar (neither after today, start not after end).
 * A bare array paged by `Link` / `X-Next-Cursor` (decision 015).
 */
import { transactionListSchema, transactionsQuery } from '@kora/contracts';
import { errors, memberOf, memberOnly, setNextPage, type ServiceApp } from '@kora/platform/service';
import type { Wallet } from '../context.js';
import { dayRange } from '../transactions/date-range.js';
import { listTransactions } from '../transactions/list.js';

export function transactionsRoutes(app: ServiceApp, w: Wallet): void {
  app.get(
    '/api/payments/transactions',
    {
      schema: {
        ...memberOnly,
        operationId: 'listWalletTransactions',
        summary: 'Your wallet transactions, newest first, optionally between two days (inclusive)',
        querystring: transactionsQuery,
        response: { 200: transactionListSchema, 400: errors[400], 401: errors[401] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const { start, end, cursor, limit } = request.query;
      const range = dayRange({ start, end }, w.config.KORA_TIME_ZONE, w.now());
      const page = await listTransactions(w, memberOf(request).userId, range, cursor, limit);
      setNextPage(reply, page.nextCursor, limit);
      return page.items;
    },
  );
}
