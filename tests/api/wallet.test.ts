/**
 * The wallet ledger and Pro packages through the gateway, in whichever mode the harness started
 * (decision 023): every route refuses anonymous callers; a new member's balance is 0 and their
 * history empty; the two plans; a purchase from an empty wallet is a 402 that moves nothing; bad
 * date filters, package ids and Idempotency-Keys get their texts; the payments switch turned off
 * answers 404 FEATURE_DISABLED; and a VIP plan bought with money topped up through whichever card
 * provider the product has (a fake Paystack in the embedded product, the sandbox in the
 * distributed one), a retry with the same Idempotency-Key moving nothing.
 */
import { packagePlans, walletTexts as t, type Membership, type Transaction } from '@kora/contracts';
import { eventually } from '@kora/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, signedInMember, type SignedIn } from './support/members.js';
import { api, bearer, body, MODE } from './support/product.js';
import { topUp, type PayingMember } from './support/wallet.js';

async function refused(res: Response, status: number, text: string): Promise<void> {
  expect(res.status, await res.clone().text()).toBe(status);
  expect(await res.json()).toEqual({ error: text, message: text, code: expect.any(String) });
}

type Member = PayingMember;

describe(`wallet and packages through the gateway (${MODE})`, () => {
  let ada: Member;

  beforeAll(async () => {
    ada = await signedInMember();
  });

  const purchase = (who: SignedIn | null, id: string, headers: Record<string, string> = {}) =>
    api(`/api/packages/${id}/purchase`, {
      method: 'POST',
      headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
    });

  it('refuses anonymous callers on every route', async () => {
    for (const path of ['/api/users/fetchbalance', '/api/payments/transactions', '/api/packages', '/api/packages/mine']) {
      await refused(await api(path), 401, 'Please sign in to continue');
    }
    await refused(await purchase(null, 'vip'), 401, 'Please sign in to continue');
  });

  it("answers a new member's balance 0 and an empty history", async () => {
    const res = await api('/api/users/fetchbalance', auth(ada.token));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('0');
    expect(await body<Transaction[]>(await api('/api/payments/transactions', auth(ada.token)))).toEqual([]);
    expect(await body<unknown>(await api('/api/packages/mine', auth(ada.token)))).toBeNull();
  });

  it('lists the two plans', async () => {
    expect(await body(await api('/api/packages', auth(ada.token)))).toEqual(packagePlans);
  });

  it('refuses a purchase from an empty wallet with 402 and moves nothing', async () => {
    await refused(await purchase(ada, 'vip'), 402, t.insufficientBalance);
    await refused(await purchase(ada, 'vvip', { 'idempotency-key': 'first-try' }), 402, t.insufficientBalance);
    expect(await body<Transaction[]>(await api('/api/payments/transactions', auth(ada.token)))).toEqual([]);
    expect(await body<unknown>(await api('/api/packages/mine', auth(ada.token)))).toBeNull();
  });

  it('refuses an unknown package and a bad Idempotency-Key with their texts', async () => {
    await refused(await purchase(ada, 'gold'), 404, t.packageNotFound);
    await refused(await purchase(ada, 'vip', { 'idempotency-key': 'x'.repeat(201) }), 400, t.idempotencyKeyInvalid);
  });

  it('refuses bad date filters with their texts', async () => {
    const transactions = (query: string) => api(`/api/payments/transactions?${query}`, auth(ada.token));
    await refused(await transactions('start=2026-02-30'), 400, t.dateInvalid);
    await refused(await transactions('end=26-01-01'), 400, t.dateInvalid);
    await refused(await transactions('end=2999-01-01'), 400, t.dateInFuture);
    await refused(await transactions('start=2024-01-02&end=2024-01-01'), 400, t.dateOrder);
    expect((await transactions('start=2024-01-01&end=2024-01-31')).status).toBe(200);
  });

  it('buys VIP with topped-up money once, whatever a retry with the same key does', async () => {
    const bola = await signedInMember();
    await topUp(bola, 7000.5);
    const balance = async () => Number(await (await api('/api/users/fetchbalance', auth(bola.token))).text());
    expect(await balance()).toBe(7000.5);
    const key = { 'idempotency-key': `buy-${bola.user.user_id}` };
    const first = await purchase(bola, 'vip', key);
    expect(first.status, await first.clone().text()).toBe(200);
    const answer = (await first.json()) as { transactionId: number; membership: Membership; balance: number };
    expect(answer).toMatchObject({ membership: { packageId: 'vip', boostPosts: 30 }, balance: 950.5 });
    const again = await purchase(bola, 'vip', key);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(answer);
    expect(await balance()).toBe(950.5);
    expect(await body<Membership>(await api('/api/packages/mine', auth(bola.token)))).toEqual(answer.membership);
    const rows = await body<Transaction[]>(await api('/api/payments/transactions', auth(bola.token)));
    expect(rows.map((r) => [r.type, r.amount])).toEqual([
      ['package_purchase', 6050],
      ['top_up', 7000.5],
    ]);
    expect(rows[0]?.id).toBe(answer.transactionId);
    await refused(await purchase(bola, 'vip'), 402, t.insufficientBalance);
  });

  it('answers 404 FEATURE_DISABLED while an admin has payments switched off', async () => {
    const headers = { ...(await bearer({ userId: 1, role: 'admin' })), 'content-type': 'application/json' };
    const setPayments = (payments: boolean) =>
      api('/api/admin/settings/features', { method: 'PUT', headers, body: JSON.stringify({ payments }) });
    const code = async () => ((await (await api('/api/packages', auth(ada.token))).json()) as { code?: string }).code;
    expect((await setPayments(false)).status).toBe(200);
    try {
      await eventually(async () => (await code()) === 'FEATURE_DISABLED');
      expect((await purchase(ada, 'vip')).status).toBe(404);
      expect((await api('/api/payments/transactions', auth(ada.token))).status).toBe(404);
    } finally {
      expect((await setPayments(true)).status).toBe(200);
    }
    await eventually(async () => (await api('/api/packages', auth(ada.token))).status === 200);
  });
});
