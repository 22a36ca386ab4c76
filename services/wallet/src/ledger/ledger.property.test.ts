/**
 * A property test over random sequences of top-ups (credited through postMovement, as a confirmed
 * payment is), package purchases, refunds of any earlier movement and days passing, for two members
 * at once. After every sequence: each answer is the one a simple model of the wallets predicts
 * (a purchase or a top-up refund goes through exactly when the balance covers it; each movement is
 * refunded at most once; refunds are not refunded), each balance is the model's, and the ledger's
 * invariants hold (balanced transactions of two entries, cached balances equal to the entries, none
 * negative: `checkLedger` finds nothing).
 */
import { nairaToKobo, packagePlan, type PackageId, type TransactionType } from '@kora/contracts';
import { AppError } from '@kora/platform/service';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../packages/membership.js';
import { purchasePackage } from '../packages/purchase.js';
import { memberIds, useWalletService } from '../test-support.js';
import { balanceKoboOf } from './balance.js';
import { checkLedger } from './check.js';
import { refundMovement } from './refund.js';
import { topUp, walletOf } from './test-support.js';

type Op =
  | { kind: 'topUp'; who: 0 | 1; kobo: number }
  | { kind: 'buy'; who: 0 | 1; plan: PackageId }
  | { kind: 'refund'; pick: number }
  | { kind: 'days'; days: number };

const who = fc.constantFrom<0 | 1>(0, 1);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('topUp' as const), who, kobo: fc.integer({ min: 1, max: 8_000_000 }) }),
  fc.record({ kind: fc.constant('buy' as const), who, plan: fc.constantFrom<PackageId>('vip', 'vip', 'vvip') }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('days' as const), days: fc.integer({ min: 0, max: 40 }) }),
);

interface Made {
  id: number;
  who: 0 | 1;
  type: TransactionType;
  kobo: number;
}

/** What a call answered: ok, or the refusal's status. */
async function outcome(call: Promise<unknown>): Promise<number> {
  try {
    await call;
    return 200;
  } catch (err) {
    if (err instanceof AppError) return err.statusCode;
    throw err;
  }
}

describe(`the ledger under random movements (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useWalletService();
  const nextId = memberIds();

  it('keeps every transaction balanced, no balance negative and each balance as the model says', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const { svc } = service;
        const w = walletOf(svc);
        const members = [nextId(), nextId()] as const;
        const balance = [0, 0];
        const made: Made[] = [];
        const refunded = new Set<number>();

        for (const o of ops) {
          if (o.kind === 'days') {
            svc.clock.advance(o.days * DAY_MS);
          } else if (o.kind === 'topUp') {
            const posted = await topUp(svc, members[o.who], o.kobo / 100);
            balance[o.who]! += o.kobo;
            made.push({ id: posted.transactionId, who: o.who, type: 'top_up', kobo: o.kobo });
          } else if (o.kind === 'buy') {
            const price = nairaToKobo(packagePlan(o.plan)!.price);
            const covered = balance[o.who]! >= price;
            let id = 0;
            const status = await outcome(purchasePackage(w, members[o.who], o.plan, null).then((a) => (id = a.transactionId)));
            expect(status).toBe(covered ? 200 : 402);
            if (covered) {
              balance[o.who]! -= price;
              made.push({ id, who: o.who, type: 'package_purchase', kobo: price });
            }
          } else if (made.length > 0) {
            const target = made[o.pick % made.length]!;
            const sign = target.type === 'top_up' ? -1 : 1;
            const expected =
              target.type === 'refund' ? 400 : refunded.has(target.id) ? 409 : sign < 0 && balance[target.who]! < target.kobo ? 402 : 200;
            let id = 0;
            const status = await outcome(refundMovement(w, target.id, 1).then((r) => (id = r.transactionId)));
            expect(status).toBe(expected);
            if (status === 200) {
              refunded.add(target.id);
              balance[target.who]! += sign * target.kobo;
              made.push({ id, who: target.who, type: 'refund', kobo: target.kobo });
            }
          }
        }
        for (const i of [0, 1] as const) expect(await balanceKoboOf(w, svc.ctx.db, members[i])).toBe(balance[i]);
        expect(await checkLedger(svc.ctx.db, svc.tables)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
