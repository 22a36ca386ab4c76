/**
 * Real members for API tests, made through the product's own API: sign-up, the activation mail,
 * activation, sign-in. Other services learn about them from auth's events, exactly as in production.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { activationPath, waitForMail } from '../../support/mail.js';
import { readUntil } from '@kora/testing';
import { api, body } from './product.js';

/** A JSON POST (or `method`), with a bearer token when given. */
export const json = (body: unknown, token?: string, method = 'POST'): RequestInit => ({
  method,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  body: JSON.stringify(body),
});

/** Bearer headers for a GET/DELETE. */
export const auth = (token: string): RequestInit => ({ headers: { authorization: `Bearer ${token}` } });

/** The token at the end of the activation link in a mail. */
export const activationToken = (text: string) => activationPath(text).split('/').pop()!;

export function newMember() {
  const tag = randomBytes(4).toString('hex');
  return { firstname: 'Ada', lastname: 'Obi', username: `ada_${tag}`, email: `ada.${tag}@example.com`, password: 'correct horse 1' };
}

export async function registerAndActivate(member = newMember()) {
  const res = await api('/api/signUp', json(member));
  expect(res.status).toBe(201);
  const mail = await waitForMail(member.email, /activ/i);
  const activated = await api('/api/activate', json({ token: activationToken(mail.text) }));
  expect(activated.status).toBe(200);
  return member;
}

export interface SignedIn {
  token: string;
  refreshToken: string;
  user: { user_id: number; user_name: string; user_lastname: string; role: string };
}

export async function signIn(email: string, password: string): Promise<SignedIn> {
  const res = await api('/api/signin', json({ email, password }));
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as SignedIn;
}

/** A new, activated, signed-in member. */
export async function signedInMember(): Promise<SignedIn & { member: ReturnType<typeof newMember> }> {
  const member = await registerAndActivate();
  return { ...(await signIn(member.email, member.password)), member };
}

/** `a` asks `b` (once the friends service knows both from auth's events) and `b` accepts. */
export async function befriend(a: SignedIn, b: SignedIn): Promise<void> {
  const sent = await readUntil(
    () => api('/api/friends/requests', json({ toUserId: b.user.user_id }, a.token)),
    (res) => res.status !== 404,
  );
  expect(sent.status, await sent.clone().text()).toBe(201);
  const { request } = await body<{ request: { id: number } }>(sent);
  const accepted = await api(`/api/friends/requests/${request.id}`, json({ action: 'accepted' }, b.token, 'PUT'));
  expect(accepted.status, await accepted.clone().text()).toBe(200);
}
