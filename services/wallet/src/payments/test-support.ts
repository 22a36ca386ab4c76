/**
 * What the payment tests share: a member the wallet knows (with their e-mail), a top-up started as
 * they would start it, the ledger as it stands for a reference, and the wallet's own view of the
 * provider (for tests that confirm directly).
 */
import { PAYMENT_WEBHOOK_PATH, PAYSTACK_SIGNATURE_HEADER } from '@kora/contracts';
import { MemoryJobRunner } from '@kora/platform';
import { paystackSignature } from '../../../../scripts/lib/fake-paystack.mjs';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { createWallet, type Wallet } from '../context.js';
import { emailOf, registerMember, type WalletTestService } from '../test-support.js';

export interface Client {
  post(url: string, userId: number | null, payload?: unknown): Promise<{ statusCode: number; body: string; json(): any }>;
  get(url: string, userId: number | null): Promise<{ statusCode: number; body: string; json(): any }>;
}

/** Starts a top-up of `amount` naira for `userId` (registered first); answers its reference. */
export async function startTopUp(
  svc: WalletTestService,
  api: Client,
  userId: number,
  amount = 5000,
): Promise<{ reference: string; authorization_url: string }> {
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

/** Waits for the in-process runner's queued jobs (BullMQ's run elsewhere; callers wait on rows too). */
export async function jobsSettled(svc: WalletTestService): Promise<void> {
  const jobs = svc.adapters.jobs;
  if (jobs instanceof MemoryJobRunner) await jobs.idle();
}

/**
 * The wallet's variables for Paystack at `fake`. The fake answers from the test's own process, which
 * PGlite's synchronous queries can hold for a few hundred milliseconds on a loaded 2-core machine: a
 * 200 ms timeout turned a fake that answers into "The payment provider is not answering" (a CI run).
 * So 5 s by default; the tests of hanging calls pass a shorter one to see the hang quickly.
 */
export function paystackEnv(fake: { url: string; secretKey: string }, timeoutMs = 5_000): Record<string, string> {
  return { PAYSTACK_SECRET_KEY: fake.secretKey, PAYSTACK_BASE_URL: fake.url, PAYSTACK_TIMEOUT_MS: String(timeoutMs) };
}

/** Posts `payload` to the service's webhook route as the provider would, signed with `secret` (or not). */
export function postWebhook(svc: WalletTestService, payload: unknown, secret: string | null, signature?: string) {
  const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const sig = signature ?? (secret === null ? undefined : paystackSignature(secret, body));
  return svc.app.inject({
    method: 'POST',
    url: PAYMENT_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', ...(sig === undefined ? {} : { [PAYSTACK_SIGNATURE_HEADER]: sig }) },
    payload: body,
  });
}
