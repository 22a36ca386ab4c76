/**
 * What the payment tests share: a member the wallet knows (with their e-mail), a top-up started as
 * they would start it, the ledger as it stands for a reference, and the wallet's own view of the
 * provider (for tests that confirm directly).
 */
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createWallet, type Wallet } from '../context.js';
import { emailOf, registerMember, type WalletTestService } from '../test-support.js';

export interface Client {
  post(url: string, userId: number | null, payload?: unknown): Promise<{ statusCode: number; body: string; json(): any }>;
  get(url: string, userId: number | null): Promise<{ statusCode: number; body: string; json(): any }>;
}

/** Starts a top-up of `amount` naira for `userId` (registered first); answers its reference. */
export async function startTopUp(svc: WalletTestService, api: Client, userId: number, amount = 5000): Promise<{ reference: string; authorization_url: string }> {
  await registerMember(svc, userId);
  const res = await api.post('/api/payments/initialize', userId, { email: emailOf(userId), amount, metadata: { userId } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The ledger transactions of one reference (at most one, whatever happened). */
export async function creditsOf(svc: WalletTestService, reference: string) {
  const t = svc.tables.ledgerTransactions;
  return svc.ctx.db.select().from(t).where(eq(t.reference, reference));
}

export async function balanceKoboOf(svc: WalletTestService, userId: number): Promise<number> {
  const b = svc.tables.balances;
  const [row] = await svc.ctx.db.select().from(b).where(eq(b.userId, userId));
  return row?.balanceKobo ?? 0;
}

export async function paymentRow(svc: WalletTestService, reference: string) {
  const p = svc.tables.payments;
  return (await svc.ctx.db.select().from(p).where(eq(p.reference, reference)))[0];
}

/** The wallet as its routes see it (same context, same variables, same clock). */
export function walletOf(svc: WalletTestService, env: Record<string, string | undefined>): Wallet {
  return createWallet(svc.ctx, { env: { PUBLIC_URL: 'http://kora.test', ...env }, now: svc.clock.now });
}
