/**
 * Real members for browser tests, made through the product's own API (sign-up, the activation
 * mail, activation, sign-in) — no database seeding, so the tests exercise what a newcomer does.
 */
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE } from '@kora/contracts';
import type { Browser, BrowserContext, BrowserContextOptions } from 'playwright-core';
import { anonymousContext, BASE_URL, clientIpOf, nextClientIp } from './browser';
import { activationPath, waitForMail } from '../../support/mail';

export interface Member {
  userId: number;
  firstname: string;
  lastname: string;
  username: string;
  email: string;
  password: string;
}

const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
let sequence = 0;

/** Unique names for this run: usernames ≤ 30 characters of [a-z0-9_]. */
export function newMemberDetails(tag = 'm'): Omit<Member, 'userId'> {
  sequence += 1;
  const id = `${tag}${sequence}_${RUN}`
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '')
    .slice(0, 24);
  return {
    firstname: 'Ada',
    lastname: `Tester${sequence}`,
    username: `u_${id}`,
    email: `ada.${id}@example.test`,
    password: `first-pass-${sequence}`,
  };
}

async function api(path: string, body: unknown, ip = nextClientIp()): Promise<Response> {
  return fetch(`${BASE_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify(body),
  });
}

async function expectOk(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** A member's own first and last name instead of the generated ones (e.g. a name with accents). */
export type MemberNames = Pick<Member, 'firstname' | 'lastname'>;

/** Signs up without activating (the account cannot sign in yet). */
export async function registerMember(tag?: string, names?: MemberNames): Promise<Omit<Member, 'userId'> & { userId?: number }> {
  const details = { ...newMemberDetails(tag), ...names };
  const { password, ...rest } = details;
  const answer = (await expectOk(await api('/api/signUp', { ...rest, password }), 'sign-up')) as {
    user?: { user_id?: number };
  };
  return { ...details, ...(answer?.user?.user_id ? { userId: answer.user.user_id } : {}) };
}

/** Signs up and activates through the activation mail, like a newcomer would. */
export async function createMember(tag?: string, names?: MemberNames): Promise<Member> {
  const member = await registerMember(tag, names);
  const mail = await waitForMail(member.email, /activat/i);
  const token = decodeURIComponent(activationPath(mail.text).split('/').pop()!);
  await expectOk(await api('/api/activate', { token }), 'activation');
  // The sign-up answer carries the id; only otherwise is a sign-in (one more session) needed.
  const userId = member.userId ?? (await apiSignIn(member)).user.user_id;
  return { ...member, userId };
}

export interface SignInAnswer {
  token: string;
  refreshToken: string;
  expiresIn: number;
  user: { user_id: number };
}

export async function apiSignIn(member: { email: string; password: string }, ip?: string): Promise<SignInAnswer> {
  return (await expectOk(await api('/api/signin', { email: member.email, password: member.password }, ip), 'sign-in')) as SignInAnswer;
}

/** A browser context signed in as `member` (cookies exactly as the web app's sign-in sets them). */
export async function memberContext(browser: Browser, member: Member, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await anonymousContext(browser, options);
  const tokens = await apiSignIn(member, clientIpOf(context));
  await context.addCookies(
    [
      [ACCESS_TOKEN_COOKIE, tokens.token],
      [REFRESH_TOKEN_COOKIE, tokens.refreshToken],
    ].map(([name, value]) => ({ name: name!, value: encodeURIComponent(value!), url: BASE_URL, httpOnly: true, sameSite: 'Lax' as const })),
  );
  return context;
}
