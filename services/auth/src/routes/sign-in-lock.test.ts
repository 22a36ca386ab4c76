import { authTexts } from '@kora/contracts';
import { startSmtpSink, testClock, type SmtpSink } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountKey, FIRST_DELAY_MS, FREE_FAILURES, LOCK_AFTER, unknownLoginKey } from '../accounts/sign-in-throttle.js';
import { codeIn, mailTo, post, seedMember, startAuth, type AuthTestService } from '../test-support.js';

/** The sign-in backoff and lock (decision 033). */
describe(`the sign-in backoff and lock (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let sink: SmtpSink;
  const clock = testClock();
  beforeAll(async () => {
    sink = await startSmtpSink();
    svc = await startAuth({ env: { SMTP_URL: sink.url }, now: clock.now });
  });
  afterAll(async () => {
    await svc?.close();
    await sink?.close();
  });

  const signIn = (login: string, password: string) => post(svc, '/api/signin', { email: login, password });
  const failures = async (key: string) =>
    (await svc.ctx.db.select().from(svc.tables.signInThrottle).where(eq(svc.tables.signInThrottle.key, key)))[0]?.failures ?? 0;

  /** Runs the same wrong-password series against a login and records what each try answered. */
  async function wrongUntilLocked(login: string) {
    const answers: { status: number; body: unknown; retryAfter: string | undefined }[] = [];
    for (let i = 1; i <= LOCK_AFTER; i++) {
      const res = await signIn(login, 'not the password');
      answers.push({ status: res.statusCode, body: res.json(), retryAfter: res.headers['retry-after'] });
      if (i >= FREE_FAILURES) {
        // The next try must wait: before the wait ends it is refused, whatever the password.
        const early = await signIn(login, 'not the password');
        answers.push({ status: early.statusCode, body: early.json(), retryAfter: early.headers['retry-after'] });
        clock.advance(FIRST_DELAY_MS * 2 ** (i - FREE_FAILURES));
      }
    }
    const after = await signIn(login, 'not the password');
    answers.push({ status: after.statusCode, body: after.json(), retryAfter: after.headers['retry-after'] });
    return answers;
  }

  it('makes a growing wait after a few failures, checked before the password, then locks; the owner unlocks by mail', async () => {
    const member = await seedMember(svc);
    const answers = await wrongUntilLocked(member.email);
    expect(answers.slice(0, FREE_FAILURES).map((a) => a.status)).toEqual(Array(FREE_FAILURES).fill(401));
    // After the 5th failure: a 429 with Retry-After of 2 s, then 4, 8, 16, 32.
    const waits = answers.filter((a) => a.status === 429);
    expect(waits.map((a) => a.retryAfter)).toEqual(['2', '4', '8', '16', '32']);
    expect(waits[0]!.body).toEqual({ error: authTexts.signInWait(2), message: authTexts.signInWait(2), code: 'SIGN_IN_WAIT' });
    expect(answers.at(-1)).toMatchObject({ status: 423, body: { code: 'SIGN_IN_LOCKED', error: authTexts.signInLocked } });

    // Locked: the right password does not help.
    const right = await signIn(member.email, member.password);
    expect(right.statusCode).toBe(423);

    const mail = await sink.waitFor((m) => mailTo(member.email)(m) && /locked/.test(m.subject ?? ''));
    const token = decodeURIComponent(/\/login\?unlock=([^\s]+)/.exec(mail.text ?? '')![1]!);
    // A forged or altered token unlocks nothing.
    for (const forged of [`${member.userId}.123.${'A'.repeat(43)}`, token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), 'nonsense']) {
      const res = await post(svc, '/api/auth/unlock', { token: forged });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('UNLOCK_INVALID');
    }
    const unlocked = await post(svc, '/api/auth/unlock', { token });
    expect(unlocked.statusCode).toBe(200);
    expect(unlocked.json()).toEqual({ message: authTexts.unlocked });
    // Once: the same link again is refused.
    expect((await post(svc, '/api/auth/unlock', { token })).statusCode).toBe(400);

    const ok = await signIn(member.email, member.password);
    expect(ok.statusCode).toBe(200);
    expect(await failures(accountKey(member.userId))).toBe(0);
  });

  it('opens a locked sign-in after a password reset with the mailed code', async () => {
    const member = await seedMember(svc);
    expect((await wrongUntilLocked(member.email)).at(-1)!.status).toBe(423);
    expect((await post(svc, '/api/sendForgotOtp', { email: member.email })).statusCode).toBe(200);
    const code = codeIn(await sink.waitFor((m) => mailTo(member.email)(m) && /reset code/.test(m.subject ?? '')));
    const reset = await post(svc, '/api/reset-password', { email: member.email, otp: code, password: 'a brand new one' });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(member.email, 'a brand new one')).statusCode).toBe(200);
  });

  it('answers an unknown login exactly like a real account, and mails nobody', async () => {
    const member = await seedMember(svc);
    const known = await wrongUntilLocked(member.username);
    const nobody = `nobody_${member.userId}@example.ng`;
    const unknown = await wrongUntilLocked(nobody);
    expect(unknown).toEqual(known);
    // The real account's owner was told; the address with no account gets nothing.
    await sink.waitFor((m) => mailTo(member.email)(m) && /locked/.test(m.subject ?? ''));
    expect(sink.messages.filter(mailTo(nobody))).toHaveLength(0);
  });

  it('counts every one of many parallel wrong tries: together they get no more checks than the lock allows', async () => {
    const member = await seedMember(svc);
    const answers = await Promise.all(Array.from({ length: 14 }, () => signIn(member.email, 'not the password')));
    const checked = answers.filter((r) => r.statusCode === 401).length;
    const refused = answers.filter((r) => r.statusCode === 429 || r.statusCode === 423).length;
    expect(checked + refused).toBe(14);
    expect(checked).toBe(LOCK_AFTER);
    expect(await failures(accountKey(member.userId))).toBe(LOCK_AFTER);
    // The tenth failure locked it, and the owner got one mail.
    expect((await signIn(member.email, member.password)).statusCode).toBe(423);
    await sink.waitFor((m) => mailTo(member.email)(m) && /locked/.test(m.subject ?? ''));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.filter((m) => mailTo(member.email)(m) && /locked/.test(m.subject ?? ''))).toHaveLength(1);
  });

  it('lets many parallel right passwords through (one member, several devices)', async () => {
    const member = await seedMember(svc);
    const answers = await Promise.all(Array.from({ length: 9 }, () => signIn(member.email, member.password)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(9).fill(200));
  });

  it('starts the count again after a successful sign-in, and counts logins in any letter case as one', async () => {
    const member = await seedMember(svc);
    for (let i = 0; i < FREE_FAILURES - 1; i++) expect((await signIn(member.email, 'nope-nope')).statusCode).toBe(401);
    expect(await failures(accountKey(member.userId))).toBe(FREE_FAILURES - 1);
    expect((await signIn(member.username.toUpperCase(), member.password)).statusCode).toBe(200);
    expect(await failures(accountKey(member.userId))).toBe(0);
    await signIn('Someone.Unknown@Example.NG', 'x-x-x-x');
    await signIn('someone.unknown@example.ng', 'x-x-x-x');
    expect(await failures(unknownLoginKey('someone.unknown@example.ng'))).toBe(2);
  });
});
