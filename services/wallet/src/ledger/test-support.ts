/**
 * Money for the ledger's tests: a wallet over a test service (same clock), credits that stand for
 * a card top-up (through `postMovement`, as a confirmed payment does), and the readings the tests
 * compare: balance by the API, and the ledger's invariants.
 */
import { nairaToKobo } from '@kora/contracts';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { createWallet, type Wallet } from '../context.js';
import type { WalletTestService } from '../test-support.js';
import { checkLedger } from './check.js';
import { postMovement, type Posted } from './post-movement.js';

const wallets = new WeakMap<WalletTestService, Wallet>();

/** The wallet the service runs, for calling the ledger's functions directly. */
export function walletOf(svc: WalletTestService): Wallet {
  let w = wallets.get(svc);
  if (!w) {
    w = createWallet(svc.ctx, { now: svc.clock.now, env: { PUBLIC_URL: 'http://kora.test' } });
    wallets.set(svc, w);
  }
  return w;
}

/** Credits `naira` to the member as a confirmed card payment does (a top-up with its own reference). */
export async function topUp(svc: WalletTestService, userId: number, naira: number): Promise<Posted> {
  const w = walletOf(svc);
  return w.ctx.transact((tx, emit) =>
    postMovement(w, tx, emit, { userId, type: 'top_up', amountKobo: nairaToKobo(naira), reference: `test_${randomUUID()}` }),
  );
}

/** The member's balance as the API answers it (naira). */
export async function balanceOf(
  api: { get(url: string, userId: number | null): Promise<{ statusCode: number; json(): unknown }> },
  userId: number,
): Promise<number> {
  const res = await api.get('/api/users/fetchbalance', userId);
  expect(res.statusCode).toBe(200);
  return res.json() as number;
}

export async function expectCleanLedger(svc: WalletTestService): Promise<void> {
  expect(await checkLedger(svc.ctx.db, svc.tables)).toEqual([]);
}
