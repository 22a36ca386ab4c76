import { authTexts, defaultSiteSettings } from '@kora/contracts';
import { verifyPassword } from '../accounts/passwords.js';
import { violatedUniqueIndex } from '@kora/platform/service';
import { type SmtpSink } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  activationTokenIn,
  expectErrorShape,
  mailTo,
  newMember,
  outboxEvents,
  post,
  startAuthWithMail,
  type AuthTestService,
} from '../test-support.js';

describe(`sign-up and activation (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let sink: SmtpSink;

  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => void ({ svc, sink, close } = await startAuthWithMail()));
  afterAll(async () => close?.());

  it('creates a pending account, stores an argon2id hash, announces it and mails the activation link', async () => {
    const member = newMember({ email: `Mixed.Case.${Date.now()}@Example.NG` });
    const res = await post(svc, '/api/signUp', member);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    const email = member.email.toLowerCase();
    expect(body).toEqual({
      message: authTexts.signUpDone,
      user: { user_id: expect.any(Number), user_name: member.username, user_email: email },
    });

    const [row] = await svc.ctx.db.select().from(svc.tables.users).where(eq(svc.tables.users.id, body.user.user_id));
    expect(row).toMatchObject({
      status: 'pending',
      role: 'user',
      email,
      firstname: member.firstname,
      lastname: member.lastname,
      bio: '',
      profileImage: null,
    });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(row!.passwordHash, member.password)).toBe(true);

    const [event] = (await outboxEvents(svc, 'user.registered')).filter((e) => e.aggregateId === String(body.user.user_id));
    expect(event!.payload).toMatchObject({
      userId: body.user.user_id,
      username: member.username,
      email,
      role: 'user',
      profileImage: '/uploads/profile/defaultavatar.png',
    });

    const mail = await sink.waitFor(mailTo(email));
    expect(mail.text).toMatch(/http:\/\/kora\.test\/activate\/[A-Za-z0-9_-]{43}\b/);
    expect(mail.html).toContain(activationTokenIn(mail));
    // Only the digest of the token is stored.
    const tokens = await svc.ctx.db
      .select()
      .from(svc.tables.activationTokens)
      .where(eq(svc.tables.activationTokens.userId, body.user.user_id));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]!.tokenHash).not.toBe(activationTokenIn(mail));
  });

  it('refuses a taken e-mail (any letter case) with "Email is already in use" and a taken username with its own message', async () => {
    const first = newMember();
    expect((await post(svc, '/api/signUp', first)).statusCode).toBe(201);
    const sameEmail = await post(svc, '/api/signUp', newMember({ email: first.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toEqual({ error: 'Email is already in use', message: 'Email is already in use', code: 'EMAIL_IN_USE' });
    const sameName = await post(svc, '/api/signUp', newMember({ username: first.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toEqual({ error: authTexts.usernameTaken, message: authTexts.usernameTaken, code: 'USERNAME_TAKEN' });
  });

  it('lets the unique indexes settle two sign-ups racing for the same address', async () => {
    const member = newMember();
    const results = await Promise.all([
      post(svc, '/api/signUp', member),
      post(svc, '/api/signUp', { ...member, username: `${member.username}x` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(results.find((r) => r.statusCode === 409)!.json().code).toBe('EMAIL_IN_USE');
  });

  it('recognises the unique indexes from the database driver in use', async () => {
    const member = newMember();
    expect((await post(svc, '/api/signUp', member)).statusCode).toBe(201);
    const row = { firstname: 'A', lastname: 'B', passwordHash: 'x' };
    const duplicate = (values: { username: string; email: string }) =>
      svc.ctx.db
        .insert(svc.tables.users)
        .values({ ...row, ...values })
        .then(
          () => null,
          (err: unknown) => violatedUniqueIndex(err),
        );
    expect(await duplicate({ username: `${member.username}2`, email: member.email })).toBe('users_email_key');
    expect(await duplicate({ username: member.username.toUpperCase(), email: `2${member.email}` })).toBe('users_username_key');
    expect(violatedUniqueIndex(new Error('other'))).toBeNull();
  });

  it('answers each validation rule with its text', async () => {
    const ok = newMember();
    const cases: [Record<string, unknown>, string][] = [
      [{}, authTexts.fillAllFields],
      [{ ...ok, firstname: '  ' }, authTexts.fillAllFields],
      [{ ...ok, lastname: undefined }, authTexts.fillAllFields],
      [{ ...ok, email: '' }, authTexts.fillAllFields],
      [{ ...ok, password: '' }, authTexts.fillAllFields],
      [{ ...ok, password: '12345' }, authTexts.passwordTooShort],
      [{ ...ok, password: 'x'.repeat(129) }, authTexts.passwordTooLong],
      [{ ...ok, email: 'not-an-email' }, authTexts.emailInvalid],
      [{ ...ok, username: 'a b' }, authTexts.usernameInvalid],
      [{ ...ok, username: 'ab' }, authTexts.usernameInvalid],
      [{ ...ok, firstname: 'x'.repeat(51) }, authTexts.nameInvalid],
      [{ ...ok, username: 42 }, authTexts.fillAllFields],
    ];
    for (const [body, message] of cases) {
      const res = await post(svc, '/api/signUp', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: message, message, code: 'VALIDATION_FAILED' });
    }
    const malformed = await svc.app.inject({
      method: 'POST',
      url: '/api/signUp',
      headers: { 'content-type': 'application/json' },
      payload: '{',
    });
    expect(malformed.statusCode).toBe(400);
    expectErrorShape(malformed.json());
    const array = await post(svc, '/api/signUp', [ok]);
    expect(array.statusCode).toBe(400);
    expectErrorShape(array.json());
    const huge = await post(svc, '/api/signUp', { ...ok, bio: 'x'.repeat(2_000_000) });
    expect(huge.statusCode).toBe(413);
    expectErrorShape(huge.json());
  });

  it('refuses sign-ups while the admin has closed them', async () => {
    const spy = vi.spyOn(svc.ctx.siteSettings, 'current').mockReturnValue({
      ...defaultSiteSettings,
      general: { ...defaultSiteSettings.general, allowSignups: false },
    });
    try {
      const res = await post(svc, '/api/signUp', newMember());
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: authTexts.signUpsClosed, message: authTexts.signUpsClosed, code: 'SIGNUPS_CLOSED' });
    } finally {
      spy.mockRestore();
    }
  });

  it('builds links on the site URL the admin set', async () => {
    const spy = vi.spyOn(svc.ctx.siteSettings, 'current').mockReturnValue({
      ...defaultSiteSettings,
      general: { ...defaultSiteSettings.general, siteName: 'Kora NG', siteUrl: 'https://kora.example.ng/' },
      email: { ...defaultSiteSettings.email, fromName: 'Kora Team', fromEmail: 'hello@kora.example.ng' },
    });
    try {
      const member = newMember();
      expect((await post(svc, '/api/signUp', member)).statusCode).toBe(201);
      const mail = await sink.waitFor(mailTo(member.email));
      expect(mail.text).toContain('https://kora.example.ng/activate/');
      expect(mail.subject).toBe('Activate your Kora NG account');
      expect(mail.from).toMatchObject({ address: 'hello@kora.example.ng', name: 'Kora Team' });
    } finally {
      spy.mockRestore();
    }
  });

  it('activates once; a used, an expired and an unknown token each get their own message', async () => {
    const member = newMember();
    const { user } = (await post(svc, '/api/signUp', member)).json();
    const token = activationTokenIn(await sink.waitFor(mailTo(member.email)));

    const unknown = await post(svc, '/api/activate', { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      error: authTexts.activationInvalid,
      message: authTexts.activationInvalid,
      code: 'ACTIVATION_INVALID',
    });

    const ok = await post(svc, '/api/activate', { token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: authTexts.activated });
    const [row] = await svc.ctx.db.select().from(svc.tables.users).where(eq(svc.tables.users.id, user.user_id));
    expect(row).toMatchObject({ status: 'active' });
    expect(row!.activatedAt).toBeInstanceOf(Date);
    expect((await outboxEvents(svc, 'user.activated')).map((e) => e.payload)).toContainEqual({ userId: user.user_id });

    const used = await post(svc, '/api/activate', { token });
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual({ error: authTexts.activationUsed, message: authTexts.activationUsed, code: 'ACTIVATION_USED' });

    const late = newMember();
    const lateUser = (await post(svc, '/api/signUp', late)).json().user;
    const lateToken = activationTokenIn(await sink.waitFor(mailTo(late.email)));
    await svc.ctx.db
      .update(svc.tables.activationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(svc.tables.activationTokens.userId, lateUser.user_id));
    const expired = await post(svc, '/api/activate', { token: lateToken });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      error: authTexts.activationExpired,
      message: authTexts.activationExpired,
      code: 'ACTIVATION_EXPIRED',
    });

    for (const body of [{}, { token: '' }, { token: 5 }]) {
      const res = await post(svc, '/api/activate', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: authTexts.activationMissing, message: authTexts.activationMissing, code: 'VALIDATION_FAILED' });
    }
  });

  it('resends a fresh link to a pending account only, invalidating the old one, and answers alike for everyone', async () => {
    const member = newMember();
    (await post(svc, '/api/signUp', member)).json();
    const oldToken = activationTokenIn(await sink.waitFor(mailTo(member.email)));

    const res = await post(svc, '/api/resend-activation', { email: member.email });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authTexts.activationResent });
    const fresh = await sink.waitFor((m) => mailTo(member.email)(m) && activationTokenIn(m) !== oldToken);
    expect((await post(svc, '/api/activate', { token: oldToken })).json().code).toBe('ACTIVATION_INVALID');
    expect((await post(svc, '/api/activate', { token: activationTokenIn(fresh) })).statusCode).toBe(200);

    // Now active: same answer, no mail. Unknown address: same answer, no mail.
    const before = sink.messages.length;
    for (const email of [member.email, 'nobody.at.all@example.ng']) {
      const again = await post(svc, '/api/resend-activation', { email });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: authTexts.activationResent });
    }
    await new Promise((r) => setTimeout(r, 500));
    expect(sink.messages.length).toBe(before);

    const bad = await post(svc, '/api/resend-activation', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(authTexts.enterEmail);
  });

  it('limits resends to 3 an hour per address', async () => {
    const email = `limit.${Date.now()}@example.ng`;
    for (let i = 0; i < 3; i++) expect((await post(svc, '/api/resend-activation', { email })).statusCode).toBe(200);
    const limited = await post(svc, '/api/resend-activation', { email: email.toUpperCase() });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
