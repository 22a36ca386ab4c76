import { authTexts } from '@kora/contracts';
import { type SinkMessage, type SmtpSink } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedSessionKey } from '@kora/platform';
import {
  claimsOf,
  codeIn,
  expectErrorShape,
  mailTo,
  post,
  seedMember,
  signIn,
  someIp,
  startAuthWithMail,
  type AuthTestService,
} from '../test-support.js';

describe(`password recovery (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let sink: SmtpSink;

  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => void ({ svc, sink, close } = await startAuthWithMail()));
  afterAll(async () => close?.());

  /** Each call looks like a different client, so the per-IP limit stays out of the way. */
  const send = (path: string, body: unknown, ip = someIp()) => post(svc, path, body, { 'x-forwarded-for': ip });
  const invalid = { error: 'Invalid or expired OTP', message: 'Invalid or expired OTP', code: 'OTP_INVALID' };
  const locked = { error: authTexts.otpLocked, message: authTexts.otpLocked, code: 'OTP_LOCKED' };

  async function requestCode(email: string, path = '/api/sendForgotOtp'): Promise<string> {
    const seen = sink.messages.length;
    const res = await send(path, { email });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true });
    const mail = await sink.waitFor((m) => sink.messages.indexOf(m) >= seen && isCodeMail(email)(m));
    return codeIn(mail);
  }

  const isCodeMail = (email: string) => (m: SinkMessage) => mailTo(email)(m) && /reset code/.test(m.subject ?? '');
  const codeMails = (email: string) => sink.messages.filter(isCodeMail(email)).length;

  const clearCooldown = (email: string) => svc.ctx.store.del(`otp-cooldown:${email}`);
  const wrongCode = (code: string) => String((Number(code) + 1) % 10_000).padStart(4, '0');

  it('mails a 4-digit code, checks it without using it up, resets the password and ends every session', async () => {
    const member = await seedMember(svc);
    const phone = await signIn(svc, member.email, member.password);
    const laptop = await signIn(svc, member.email, member.password);

    const code = await requestCode(member.email);
    expect(code).toMatch(/^\d{4}$/);
    const [stored] = await svc.ctx.db.select().from(svc.tables.passwordCodes).where(eq(svc.tables.passwordCodes.userId, member.userId));
    expect(stored!.codeHash).not.toContain(code);

    for (let i = 0; i < 2; i++) {
      const check = await send('/api/forgot-password', { email: member.email, otp: code });
      expect(check.statusCode).toBe(200);
      expect(check.json()).toEqual({ status: true });
    }
    const reset = await send('/api/reset-password', { email: member.email, otp: code, password: 'brand new pass' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true });

    for (const tokens of [phone, laptop]) {
      expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(tokens.token).sid))).not.toBeNull();
      expect((await post(svc, '/api/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(401);
    }
    expect((await post(svc, '/api/signin', { email: member.email, password: member.password })).statusCode).toBe(401);
    expect((await signIn(svc, member.email, 'brand new pass')).user.user_id).toBe(member.userId);

    // Single use.
    const reuse = await send('/api/reset-password', { email: member.email, otp: code, password: 'another pass' });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toEqual(invalid);
  });

  it('locks the code after 5 wrong tries: the 6th is refused even with the right code', async () => {
    const member = await seedMember(svc);
    const code = await requestCode(member.email);
    for (let i = 0; i < 5; i++) {
      const res = await send('/api/forgot-password', { email: member.email, otp: wrongCode(code) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(invalid);
    }
    const sixth = await send('/api/forgot-password', { email: member.email, otp: code });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toEqual(locked);
    const reset = await send('/api/reset-password', { email: member.email, otp: code, password: 'brand new pass' });
    expect(reset.json()).toEqual(locked);
    expect((await signIn(svc, member.email, member.password)).user.user_id).toBe(member.userId);

    // A new code starts afresh.
    await clearCooldown(member.email);
    const next = await requestCode(member.email, '/api/resend-otp');
    expect((await send('/api/forgot-password', { email: member.email, otp: next })).statusCode).toBe(200);
  });

  it('counts wrong tries on reset-password too, and parallel guesses one by one', async () => {
    const member = await seedMember(svc);
    const code = await requestCode(member.email);
    const guesses = Array.from({ length: 8 }, (_, i) => String((Number(code) + 1 + i) % 10_000).padStart(4, '0'));
    const answers = await Promise.all(
      guesses.map((otp) => send('/api/reset-password', { email: member.email, otp, password: 'guessed pass' })),
    );
    expect(answers.filter((a) => a.json().code === 'OTP_INVALID')).toHaveLength(5);
    expect(answers.filter((a) => a.json().code === 'OTP_LOCKED')).toHaveLength(3);
    expect((await send('/api/forgot-password', { email: member.email, otp: code })).json()).toEqual(locked);
  });

  it('refuses an expired code even when it is right', async () => {
    const member = await seedMember(svc);
    const code = await requestCode(member.email);
    await svc.ctx.db
      .update(svc.tables.passwordCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(svc.tables.passwordCodes.userId, member.userId));
    expect((await send('/api/forgot-password', { email: member.email, otp: code })).json()).toEqual(invalid);
    expect((await send('/api/reset-password', { email: member.email, otp: code, password: 'brand new pass' })).json()).toEqual(invalid);
  });

  it('enforces the 30 s resend cooldown on the server, for unknown addresses too', async () => {
    const member = await seedMember(svc);
    const first = await requestCode(member.email);
    for (const path of ['/api/resend-otp', '/api/sendForgotOtp']) {
      const res = await send(path, { email: member.email });
      expect(res.statusCode).toBe(429);
      const body = res.json();
      expect(body.code).toBe('OTP_COOLDOWN');
      const seconds = Number(/wait (\d+)s/.exec(body.message)?.[1]);
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(30);
      expect(body.message).toBe(authTexts.resendCooldown(seconds));
      expect(Number(res.headers['retry-after'])).toBe(seconds);
    }
    const nobody = `nobody.${Date.now()}@example.ng`;
    expect((await send('/api/sendForgotOtp', { email: nobody })).json()).toEqual({ status: true });
    expect((await send('/api/resend-otp', { email: nobody })).statusCode).toBe(429);

    // After the cooldown a new code replaces the old one.
    await clearCooldown(member.email);
    const second = await requestCode(member.email, '/api/resend-otp');
    if (second !== first) expect((await send('/api/forgot-password', { email: member.email, otp: first })).json()).toEqual(invalid);
    expect((await send('/api/forgot-password', { email: member.email, otp: second })).statusCode).toBe(200);
  });

  it('answers exactly the same for an address without an account', async () => {
    const nobody = `ghost.${Date.now()}@example.ng`;
    expect((await send('/api/sendForgotOtp', { email: nobody })).json()).toEqual({ status: true });
    for (let i = 0; i < 5; i++) expect((await send('/api/forgot-password', { email: nobody, otp: '1234' })).json()).toEqual(invalid);
    expect((await send('/api/forgot-password', { email: nobody, otp: '1234' })).json()).toEqual(locked);
    expect((await send('/api/reset-password', { email: nobody, otp: '1234', password: 'whatever1' })).json()).toEqual(locked);
    await new Promise((r) => setTimeout(r, 300));
    expect(codeMails(nobody)).toBe(0);
  });

  it('limits sending to 5 an hour per address and 20 per client address', async () => {
    const email = `busy.${Date.now()}@example.ng`;
    for (let i = 0; i < 5; i++) {
      expect((await send('/api/sendForgotOtp', { email })).statusCode).toBe(200);
      await clearCooldown(email);
    }
    const sixth = await send('/api/resend-otp', { email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED' });

    const ip = someIp();
    for (let i = 0; i < 20; i++)
      expect((await send('/api/sendForgotOtp', { email: `ip${i}.${Date.now()}@example.ng` }, ip)).statusCode).toBe(200);
    const limited = await send('/api/sendForgotOtp', { email: `ip-last.${Date.now()}@example.ng` }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });

  it('sends no code to a suspended account, and answers the same', async () => {
    const member = await seedMember(svc, { status: 'suspended' });
    expect((await send('/api/sendForgotOtp', { email: member.email })).json()).toEqual({ status: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(codeMails(member.email)).toBe(0);
  });

  it('answers each validation rule with its text', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/sendForgotOtp', {}, authTexts.enterEmail],
      ['/api/sendForgotOtp', { email: '  ' }, authTexts.enterEmail],
      ['/api/resend-otp', { email: 'nope' }, authTexts.emailInvalid],
      ['/api/forgot-password', { email: 'a@b.ng' }, authTexts.otpFormat],
      ['/api/forgot-password', { email: 'a@b.ng', otp: '12a4' }, authTexts.otpFormat],
      ['/api/forgot-password', { email: 'a@b.ng', otp: '12345' }, authTexts.otpFormat],
      ['/api/forgot-password', { email: 'a@b.ng', otp: 1234 }, authTexts.otpFormat],
      ['/api/reset-password', { email: 'a@b.ng', otp: '1234' }, authTexts.fillBothPasswords],
      ['/api/reset-password', { email: 'a@b.ng', otp: '1234', password: '' }, authTexts.fillBothPasswords],
      ['/api/reset-password', { email: 'a@b.ng', otp: '1234', password: '12345' }, authTexts.passwordTooShort],
    ];
    for (const [path, body, message] of cases) {
      const res = await send(path, body);
      expect(res.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json()).toEqual({ error: message, message, code: 'VALIDATION_FAILED' });
    }
    const malformed = await svc.app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      headers: { 'content-type': 'application/json' },
      payload: '{"email"',
    });
    expect(malformed.statusCode).toBe(400);
    expectErrorShape(malformed.json());
  });
});
