/**
 * Wallet helpers for browser suites: top-ups made through the product's own API (initialize, then
 * the sandbox checkout's test card, as the /checkout page does), the member's balance, and the
 * payments switch as an admin flips it.
 */
import { SANDBOX_SUCCESS_CARD } from '@kora/contracts';
import { expect } from 'vitest';
import { BASE_URL } from './browser';
import { apiSignIn, type Member } from './members';
import { mintAccessToken } from './tokens';

/** GET `path`, or POST it (with `body` as JSON when given) when `method` says so. */
async function call(
  token: string,
  path: string,
  body?: unknown,
  method: 'GET' | 'POST' = body === undefined ? 'GET' : 'POST',
): Promise<unknown> {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

export async function balanceOf(member: Member): Promise<number> {
  const { token } = await apiSignIn(member);
  return (await call(token, '/api/users/fetchbalance')) as number;
}

/** Tops `member`'s wallet up by `amount` naira with the sandbox's test card and waits for the credit. */
export async function topUpThroughApi(member: Member, amount: number): Promise<string> {
  const { token } = await apiSignIn(member);
  const before = (await call(token, '/api/users/fetchbalance')) as number;
  const { reference } = (await call(token, '/api/payments/initialize', {
    email: member.email,
    amount,
    metadata: { userId: member.userId },
  })) as { reference: string };
  await call(token, `/api/payments/${reference}/sandbox-pay`, { cardNumber: SANDBOX_SUCCESS_CARD });
  await call(token, `/api/payments/${reference}/verify`, undefined, 'POST');
  await expect.poll(async () => (await call(token, '/api/users/fetchbalance')) as number, { timeout: 30_000 }).toBe(before + amount);
  return reference;
}

/** A payment started through the API and left pending (its checkout page still offers the card). */
export async function pendingPayment(member: Member, amount: number): Promise<string> {
  const { token } = await apiSignIn(member);
  const { reference } = (await call(token, '/api/payments/initialize', {
    email: member.email,
    amount,
    metadata: { userId: member.userId },
  })) as { reference: string };
  return reference;
}

/** Switches card payments and packages on or off as an admin would (the site settings' features). */
export async function setPayments(on: boolean): Promise<void> {
  const token = await mintAccessToken({ userId: 1, role: 'admin' });
  const response = await fetch(`${BASE_URL}/api/admin/settings/features`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ payments: on }),
  });
  if (!response.ok) throw new Error(`switching payments answered ${response.status}`);
}
