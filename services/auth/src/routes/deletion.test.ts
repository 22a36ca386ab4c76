/**
 * Deleting your own account (decision 034): the password, the wallet balance warning, the grace
 * period that a sign-in cancels, and the sweep that erases the account and announces it once.
 */
import { authTexts } from '@kora/contracts';
import { startSmtpSink, type SmtpSink } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseAccount, eraseDueAccounts } from '../accounts/erasure.js';
import { createAuth } from '../context.js';
import {
  asTokenHolder,
  expectErrorShape,
  mailTo,
  outboxEvents,
  post,
  seedMember,
  signIn,
  startAuth,
  type AuthTestService,
} from '../test-support.js';

const DAY = 24 * 60 * 60 * 1000;

describe(`account deletion (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let sink: SmtpSink;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  beforeAll(async () => {
    sink = await startSmtpSink();
    svc = await startAuth({ env: { SMTP_URL: sink.url, KORA_DELETION_GRACE_SECONDS: String(30 * 24 * 60 * 60) }, now });
  });
  afterAll(async () => {
    await svc?.close();
    await sink?.close();
  });
  // The same instance the routes use would need the service's internals; a second view of the same
  // database and clock erases the same rows.
  const auth = () => createAuth(svc.ctx, { env: { ACCESS_TOKEN_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://kora.test' }, now });

  const deleteAccount = (headers: Record<string, string>, body: unknown) =>
    svc.app.inject({ method: 'POST', url: '/api/settings/security/delete-account', headers, payload: body as object });
  const userRow = async (id: number) => (await svc.ctx.db.select().from(svc.tables.users).where(eq(svc.tables.users.id, id)))[0];

  it('refuses anonymous callers, a wrong password and bad input', async () => {
    const member = await seedMember(svc);
    const anonymous = await deleteAccount({}, { password: member.password });
    expect(anonymous.statusCode).toBe(401);
    expectErrorShape(anonymous.json());
    const tokens = await signIn(svc, member.email, member.password);
    const headers = asTokenHolder(svc, tokens.token);
    const wrong = await deleteAccount(headers, { password: 'not my password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('CURRENT_PASSWORD_WRONG');
    for (const body of [{}, { password: '' }, { password: 5 }, { password: member.password, confirmBalance: 'yes' }]) {
      const res = await deleteAccount(headers, body);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    }
    expect((await userRow(member.userId))!.deletionDueAt).toBeNull();
  });

  it('schedules the erasure after the grace period, ends every session and mails the member', async () => {
    const member = await seedMember(svc);
    const one = await signIn(svc, member.email, member.password);
    const two = await signIn(svc, member.email, member.password);
    const res = await deleteAccount(asTokenHolder(svc, one.token), { password: member.password });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(authTexts.deletionScheduled(30));
    const deleteAt = new Date(res.json().deleteAt as string).getTime();
    expect(Math.abs(deleteAt - (now().getTime() + 30 * DAY))).toBeLessThan(60_000);
    for (const t of [one, two]) expect((await post(svc, '/api/auth/refresh', { refreshToken: t.refreshToken })).statusCode).toBe(401);
    const mail = await sink.waitFor((m) => mailTo(member.email)(m) && /will be deleted/.test(m.subject ?? ''));
    expect(mail.text).toContain('http://kora.test/login');
  });

  it('two requests racing keep one date', async () => {
    const member = await seedMember(svc);
    const headers = asTokenHolder(svc, (await signIn(svc, member.email, member.password)).token);
    const answers = await Promise.all([1, 2, 3].map(() => deleteAccount(headers, { password: member.password })));
    expect(answers.map((a) => a.statusCode)).toEqual([202, 202, 202]);
    expect(new Set(answers.map((a) => a.json().deleteAt as string)).size).toBe(1);
  });

  it('warns a member whose wallet holds money, and goes on once they confirm', async () => {
    const member = await seedMember(svc);
    await svc.ctx.db.update(svc.tables.users).set({ walletBalanceKobo: 525_050 }).where(eq(svc.tables.users.id, member.userId));
    const headers = asTokenHolder(svc, (await signIn(svc, member.email, member.password)).token);
    for (const body of [{ password: member.password }, { password: member.password, confirmBalance: false }]) {
      const refused = await deleteAccount(headers, body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        error: authTexts.balanceNotEmpty('₦5,250.50'),
        message: authTexts.balanceNotEmpty('₦5,250.50'),
        code: 'BALANCE_NOT_EMPTY',
      });
    }
    expect((await userRow(member.userId))!.deletionDueAt).toBeNull();
    const res = await deleteAccount(headers, { password: member.password, confirmBalance: true });
    expect(res.statusCode).toBe(202);
  });

  it('a sign-in during the grace period cancels the deletion, says so and mails the member', async () => {
    const member = await seedMember(svc);
    const headers = asTokenHolder(svc, (await signIn(svc, member.email, member.password)).token);
    expect((await deleteAccount(headers, { password: member.password })).statusCode).toBe(202);
    // A wrong password cancels nothing.
    expect((await post(svc, '/api/signin', { email: member.email, password: 'wrong one' })).statusCode).toBe(401);
    expect((await userRow(member.userId))!.deletionDueAt).not.toBeNull();
    const back = await post(svc, '/api/signin', { email: member.username, password: member.password });
    expect(back.statusCode).toBe(200);
    expect(back.json().deletionCancelled).toBe(true);
    expect((await userRow(member.userId))!.deletionDueAt).toBeNull();
    await sink.waitFor((m) => mailTo(member.email)(m) && /will not be deleted/.test(m.subject ?? ''));
    // The next sign-in is an ordinary one.
    expect((await post(svc, '/api/signin', { email: member.email, password: member.password })).json().deletionCancelled).toBeUndefined();
    offset += 31 * DAY;
    try {
      await eraseDueAccounts(auth());
      expect(await userRow(member.userId)).toBeDefined();
    } finally {
      offset -= 31 * DAY;
    }
  });

  it('once the grace period is over: no sign-in, then erased with one user.deleted and a tombstone', async () => {
    const member = await seedMember(svc);
    const avatar = '/uploads/profile/0123456789abcdef0123456789abcdef.webp';
    await svc.ctx.db.update(svc.tables.users).set({ profileImage: avatar }).where(eq(svc.tables.users.id, member.userId));
    const headers = asTokenHolder(svc, (await signIn(svc, member.email, member.password)).token);
    expect((await deleteAccount(headers, { password: member.password })).statusCode).toBe(202);
    offset += 30 * DAY + 60_000;
    try {
      // Due but not swept yet: the right password no longer brings the account back.
      expect((await post(svc, '/api/signin', { email: member.email, password: member.password })).statusCode).toBe(401);
      expect(await eraseDueAccounts(auth())).toBeGreaterThanOrEqual(1);
      expect(await userRow(member.userId)).toBeUndefined();
      expect(await eraseAccount(auth(), member.userId)).toBe(false);
      const [tomb] = await svc.ctx.db.select().from(svc.tables.erasedAccounts).where(eq(svc.tables.erasedAccounts.userId, member.userId));
      expect(tomb).toBeDefined();
      const deleted = (await outboxEvents(svc, 'user.deleted')).filter((e) => e.aggregateId === String(member.userId));
      expect(deleted).toHaveLength(1);
      expect(deleted[0]!.payload).toEqual({ userId: member.userId, profileFiles: [avatar] });
      expect(JSON.stringify(deleted[0])).not.toContain(member.email);
      // The address is free again; the new account gets a new id.
      const again = await post(svc, '/api/signUp', { ...member, username: `${member.username}x` });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().user.user_id).toBeGreaterThan(member.userId);
    } finally {
      offset -= 30 * DAY + 60_000;
    }
  });
});
