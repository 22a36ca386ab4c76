import { authTexts, defaultSiteSettings } from '@kora/contracts';
import { buildEnvelope } from '@kora/platform';
import { eventually, startSmtpSink, testClock, type SmtpSink } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_SECONDS } from '../accounts/two-step-challenges.js';
import { asTokenHolder, claimsOf, mailTo, post, seedMember, signIn, startAuth, type AuthTestService } from '../test-support.js';

/** Two-step sign-in (decision 033). */
describe(`two-step sign-in (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
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

  const codeAt = (secret: string, offsetSteps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: clock.now().getTime() + offsetSteps * 30_000,
    });
  const nextStep = () => clock.advance(30_000);
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: unknown) =>
    svc.app.inject({
      method,
      url,
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /** A member who turned two-step on: their secret, recovery codes and session headers. */
  async function memberWithTwoStep() {
    const member = await seedMember(svc);
    const tokens = await signIn(svc, member.email, member.password);
    const headers = asTokenHolder(svc, tokens.token);
    const setup = await call('POST', '/api/settings/security/two-step/setup', headers);
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrCode } = setup.json();
    expect(uri).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const confirmed = await call('POST', '/api/settings/security/two-step/confirm', headers, { code: codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    const recoveryCodes = confirmed.json().recoveryCodes as string[];
    nextStep(); // the confirming code's step is spent
    return { ...member, secret, recoveryCodes, headers };
  }

  async function challengeFor(m: { email: string; password: string }) {
    const res = await post(svc, '/api/signin', { email: m.email, password: m.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ twoStep: true, challenge: expect.stringMatching(/^tsc_/), expiresIn: CHALLENGE_TTL_SECONDS });
    expect(body).not.toHaveProperty('token');
    return body.challenge as string;
  }

  const second = (challenge: string, code: string) => post(svc, '/api/signin/two-step', { challenge, code });

  it('asks a member with two-step on for a code before deleting the account, and takes a recovery code once', async () => {
    const m = await memberWithTwoStep();
    const remove = (body: Record<string, unknown>) =>
      call('POST', '/api/settings/security/delete-account', m.headers, { password: m.password, ...body });
    for (const body of [{}, { code: '000000' }, { code: 'aaaaa-aaaaa' }]) {
      const refused = await remove(body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'TWO_STEP_CODE_WRONG', error: authTexts.twoStepCodeWrong });
    }
    const scheduled = await remove({ code: m.recoveryCodes[0] });
    expect(scheduled.statusCode).toBe(202);
    const user = await svc.ctx.db.select().from(svc.tables.users).where(eq(svc.tables.users.id, m.userId));
    expect(user[0]?.deletionDueAt).not.toBeNull();
  });

  it('sets up with one code, shows ten recovery codes once, keeps the secret encrypted and never answers it again', async () => {
    const m = await memberWithTwoStep();
    expect(m.recoveryCodes).toHaveLength(10);
    expect(new Set(m.recoveryCodes).size).toBe(10);
    for (const c of m.recoveryCodes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const status = await call('GET', '/api/settings/security/two-step', m.headers);
    expect(status.json()).toEqual({ enabled: true, enabledAt: expect.any(String), recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.json())).not.toContain(m.secret);
    // Set-up again while on: refused, the secret stays.
    const again = await call('POST', '/api/settings/security/two-step/setup', m.headers);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TWO_STEP_ALREADY_ON');
    const [row] = await svc.ctx.db.select().from(svc.tables.twoStep).where(eq(svc.tables.twoStep.userId, m.userId));
    expect(row!.secretEnc).not.toContain(m.secret);
    const codes = await svc.ctx.db.select().from(svc.tables.recoveryCodes).where(eq(svc.tables.recoveryCodes.userId, m.userId));
    expect(codes.map((c) => c.codeHash).join()).not.toContain(m.recoveryCodes[0]!.replace('-', ''));
  });

  it('refuses a wrong confirming code and a confirmation without set-up', async () => {
    const member = await seedMember(svc);
    const headers = asTokenHolder(svc, (await signIn(svc, member.email, member.password)).token);
    const none = await call('POST', '/api/settings/security/two-step/confirm', headers, { code: '123456' });
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('TWO_STEP_NO_SETUP');
    const { secret } = (await call('POST', '/api/settings/security/two-step/setup', headers)).json();
    const wrong = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const bad = await call('POST', '/api/settings/security/two-step/confirm', headers, { code: wrong });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('TWO_STEP_CODE_WRONG');
    const format = await call('POST', '/api/settings/security/two-step/confirm', headers, { code: '12ab56' });
    expect(format.statusCode).toBe(400);
    expect(format.json().error).toBe(authTexts.twoStepCodeFormat);
    expect((await call('GET', '/api/settings/security/two-step', headers)).json().enabled).toBe(false);
  });

  it('answers a challenge instead of tokens, completes with a code, and refuses the same code again (replay)', async () => {
    const m = await memberWithTwoStep();
    const challenge = await challengeFor(m);
    const code = codeAt(m.secret);
    const done = await second(challenge, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ token: expect.any(String), refreshToken: expect.any(String), user: { user_id: m.userId } });
    // The same code with a new challenge, in the same 30 seconds: refused.
    const replay = await second(await challengeFor(m), code);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: authTexts.twoStepCodeWrong, message: authTexts.twoStepCodeWrong, code: 'TWO_STEP_CODE_WRONG' });
    // A code of an older step than the one taken is refused too.
    expect((await second(await challengeFor(m), codeAt(m.secret, -1))).statusCode).toBe(400);
    nextStep();
    expect((await second(await challengeFor(m), codeAt(m.secret))).statusCode).toBe(200);
  });

  it('spends a challenge once, lets it expire, and knows no forged one', async () => {
    const m = await memberWithTwoStep();
    const challenge = await challengeFor(m);
    expect((await second(challenge, codeAt(m.secret))).statusCode).toBe(200);
    nextStep();
    const reused = await second(challenge, codeAt(m.secret));
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
    const late = await challengeFor(m);
    clock.advance(CHALLENGE_TTL_SECONDS * 1000 + 1000);
    expect((await second(late, codeAt(m.secret))).json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
    for (const forged of ['tsc_' + 'A'.repeat(43), 'not-a-challenge', late + 'x']) {
      const res = await second(forged, codeAt(m.secret));
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('TWO_STEP_CHALLENGE_INVALID');
    }
    // A wrong code leaves the challenge usable.
    const kept = await challengeFor(m);
    expect((await second(kept, '000000' === codeAt(m.secret) ? '111111' : '000000')).statusCode).toBe(400);
    expect((await second(kept, codeAt(m.secret))).statusCode).toBe(200);
  });

  it('takes a recovery code once, in any letter case and without the dash; of parallel uses one wins', async () => {
    const m = await memberWithTwoStep();
    const [first, second_, third] = m.recoveryCodes;
    // Typed in capitals, without the dash, with 0 for o and 1 for l.
    const typed = first!.toUpperCase().replace('-', '').replace(/O/g, '0').replace(/L/g, '1');
    expect((await second(await challengeFor(m), typed)).statusCode).toBe(200);
    expect((await second(await challengeFor(m), first!)).statusCode).toBe(400);
    const challenges = await Promise.all(Array.from({ length: 4 }, () => challengeFor(m)));
    const racing = await Promise.all(challenges.map((c) => second(c, second_!)));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([200, 400, 400, 400]);
    // One challenge, many parallel tries with different good codes: one sign-in.
    const one = await challengeFor(m);
    const same = await Promise.all([second(one, third!), second(one, m.recoveryCodes[3]!)]);
    expect(same.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect((await call('GET', '/api/settings/security/two-step', m.headers)).json().recoveryCodesLeft).toBe(7);
  });

  it('counts wrong codes toward the sign-in lock', async () => {
    const m = await memberWithTwoStep();
    const challenge = await challengeFor(m);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await second(challenge, 'aaaaa-aaaaa')).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    // The right code waits too: the wait is checked before the code.
    expect((await second(challenge, codeAt(m.secret))).statusCode).toBe(429);
  });

  it('turns off only with the password and a code; sign-in is then one step again', async () => {
    const m = await memberWithTwoStep();
    const disable = (body: unknown) => call('POST', '/api/settings/security/two-step/disable', m.headers, body);
    const noPassword = await disable({ password: 'wrong password', code: codeAt(m.secret) });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().code).toBe('CURRENT_PASSWORD_WRONG');
    expect((await disable({ password: m.password, code: 'bbbbb-bbbbb' })).json().code).toBe('TWO_STEP_CODE_WRONG');
    expect((await disable({ password: m.password })).statusCode).toBe(400);
    const off = await disable({ password: m.password, code: m.recoveryCodes[0] });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ message: authTexts.twoStepOff });
    expect((await disable({ password: m.password, code: codeAt(m.secret) })).json().code).toBe('TWO_STEP_NOT_ON');
    const plain = await post(svc, '/api/signin', { email: m.email, password: m.password });
    expect(plain.json()).toHaveProperty('token');
    expect(await svc.ctx.db.select().from(svc.tables.recoveryCodes).where(eq(svc.tables.recoveryCodes.userId, m.userId))).toEqual([]);
  });

  it('refuses anonymous callers on every two-step settings route', async () => {
    for (const [method, url] of [
      ['GET', '/api/settings/security/two-step'],
      ['POST', '/api/settings/security/two-step/setup'],
      ['POST', '/api/settings/security/two-step/confirm'],
      ['POST', '/api/settings/security/two-step/disable'],
    ] as const) {
      const res = await call(method, url, {}, method === 'POST' ? { code: '123456', password: 'x' } : undefined);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('says in the new-device mail whether two-step was used', async () => {
    const m = await memberWithTwoStep();
    const phone = {
      'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile Safari/604.1',
    };
    const challenge = (await post(svc, '/api/signin', { email: m.email, password: m.password }, phone)).json().challenge as string;
    expect((await post(svc, '/api/signin/two-step', { challenge, code: codeAt(m.secret) }, phone)).statusCode).toBe(200);
    const mail = await sink.waitFor((x) => mailTo(m.email)(x) && /New sign-in/.test(x.subject ?? ''));
    expect(mail.text).toContain('Two-step sign-in: used (password and code).');
  });

  it('marks the tokens of an admin without two-step while the site requires it, until they turn it on', async () => {
    const publish = (requireTwoStepForAdmins: boolean) =>
      svc.adapters.bus.publish([
        {
          topic: 'admin.site-settings',
          key: 'security',
          value: JSON.stringify(
            buildEnvelope({
              type: 'site-settings.updated',
              aggregateId: 'security',
              actorId: 1,
              payload: { section: 'security', values: { ...defaultSiteSettings.security, requireTwoStepForAdmins } },
            }),
          ),
        },
      ]);
    const admin = await seedMember(svc);
    await svc.ctx.db.update(svc.tables.users).set({ role: 'admin' }).where(eq(svc.tables.users.id, admin.userId));
    expect(claimsOf((await signIn(svc, admin.email, admin.password)).token)).not.toHaveProperty('tsm');
    await publish(true);
    await eventually(() => svc.ctx.siteSettings.current().security.requireTwoStepForAdmins);
    try {
      const marked = await signIn(svc, admin.email, admin.password);
      expect(claimsOf(marked.token)).toMatchObject({ role: 'admin', tsm: true });
      // Admin routes refuse the mark with the clear text.
      const users = await call('GET', '/api/admin/users', asTokenHolder(svc, marked.token));
      expect(users.statusCode).toBe(403);
      expect(users.json()).toEqual({
        error: authTexts.twoStepRequiredForAdmins,
        message: authTexts.twoStepRequiredForAdmins,
        code: 'TWO_STEP_REQUIRED',
      });
      // Members are never marked.
      const member = await seedMember(svc);
      expect(claimsOf((await signIn(svc, member.email, member.password)).token)).not.toHaveProperty('tsm');
      // Turning it on in that session: the next refresh drops the mark.
      const headers = svc.as({ userId: admin.userId, role: 'admin', sessionId: claimsOf(marked.token).sid });
      const { secret } = (await call('POST', '/api/settings/security/two-step/setup', headers)).json();
      expect((await call('POST', '/api/settings/security/two-step/confirm', headers, { code: codeAt(secret) })).statusCode).toBe(200);
      const refreshed = await post(svc, '/api/auth/refresh', { refreshToken: marked.refreshToken });
      expect(claimsOf(refreshed.json().token)).not.toHaveProperty('tsm');
    } finally {
      await publish(false);
      await eventually(() => !svc.ctx.siteSettings.current().security.requireTwoStepForAdmins);
    }
  });
});
