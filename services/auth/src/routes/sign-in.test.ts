import { authTexts, DEFAULT_AVATAR } from '@kora/contracts';
import { ACCESS_TOKEN_TTL_SECONDS, createAccessTokenVerifier } from '@kora/platform';
import { type SmtpSink } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedSessionKey } from '@kora/platform';
import {
  activationTokenIn,
  asTokenHolder,
  claimsOf,
  expectErrorShape,
  mailTo,
  newMember,
  outboxEvents,
  post,
  seedMember,
  signIn,
  startAuthWithMail,
  TEST_ACCESS_TOKEN_SECRET,
  type AuthTestService,
} from '../test-support.js';

describe(`sign-in, refresh, sign-out (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let sink: SmtpSink;
  const verify = createAccessTokenVerifier(TEST_ACCESS_TOKEN_SECRET);

  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => void ({ svc, sink, close } = await startAuthWithMail()));
  afterAll(async () => close?.());

  it('walks a member from sign-up through activation, sign-in, refresh and sign-out', async () => {
    const member = newMember({ firstname: 'Chioma', lastname: 'Eze' });
    const signUp = await post(svc, '/api/signUp', member);
    expect(signUp.statusCode).toBe(201);
    const userId = signUp.json().user.user_id;

    // Not activated yet: the right password earns the "not activated" message.
    const early = await post(svc, '/api/signin', { email: member.email, password: member.password });
    expect(early.statusCode).toBe(403);
    expect(early.json()).toMatchObject({ code: 'NOT_ACTIVATED', message: authTexts.notActivated });

    const mail = await sink.waitFor(mailTo(member.email));
    expect(mail.subject).toContain('Activate');
    expect(mail.text).toContain('http://kora.test/activate/');
    const activated = await post(svc, '/api/activate', { token: activationTokenIn(mail) });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toEqual({ message: authTexts.activated });

    // By e-mail in another letter case, with the client's user agent and address.
    const client = { 'user-agent': 'KoraTest/1.0 (Lagos)', 'x-forwarded-for': '197.210.54.3' };
    const res = await post(svc, '/api/signin', { email: member.email.toUpperCase(), password: member.password }, client);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      user_id: userId,
      user_firstname: 'Chioma',
      user_lastname: 'Eze',
      user_name: member.username,
      user_email: member.email,
      user_profileImage: DEFAULT_AVATAR,
      user_coverImage: null,
      user_wallet_balance: 0,
      role: 'user',
    });
    expect(body.expiresIn).toBe(ACCESS_TOKEN_TTL_SECONDS);
    const identity = await verify(body.token);
    expect(identity).toMatchObject({ userId, role: 'user' });
    expect(body.refreshToken).toMatch(new RegExp(`^${identity!.sessionId}\\.[A-Za-z0-9_-]{43}$`));
    const [session] = await svc.ctx.db.select().from(svc.tables.sessions).where(eq(svc.tables.sessions.id, identity!.sessionId));
    expect(session).toMatchObject({ userId, userAgent: 'KoraTest/1.0 (Lagos)', ip: '197.210.54.3', revokedAt: null });
    expect(session!.refreshHash).not.toContain(body.refreshToken.split('.')[1]); // only a digest is stored

    // Refresh rotates: a new pair for the same session.
    const refreshed = await post(svc, '/api/auth/refresh', { refreshToken: body.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const pair = refreshed.json();
    expect(Object.keys(pair).sort()).toEqual(['expiresIn', 'refreshToken', 'token']);
    expect(pair.refreshToken).not.toBe(body.refreshToken);
    expect(claimsOf(pair.token).sid).toBe(identity!.sessionId);

    const again = await post(svc, '/api/auth/refresh', { refreshToken: pair.refreshToken });
    expect(again.statusCode).toBe(200);
    const latest = again.json();

    // Sign-out: 204, the session is revoked in the database and for the gateway, and refresh stops.
    const out = await svc.app.inject({ method: 'POST', url: '/api/signout', headers: asTokenHolder(svc, latest.token) });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    expect(await svc.ctx.store.get(revokedSessionKey(identity!.sessionId))).not.toBeNull();
    const after = await post(svc, '/api/auth/refresh', { refreshToken: latest.refreshToken });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: authTexts.refreshInvalid, message: authTexts.refreshInvalid, code: 'REFRESH_INVALID' });
    const revoked = await outboxEvents(svc, 'session.revoked');
    expect(revoked.map((e) => e.payload)).toContainEqual({ userId, sessionId: identity!.sessionId });
  });

  it('treats a rotated refresh token coming back as theft and ends the session', async () => {
    const member = await seedMember(svc);
    const first = await signIn(svc, member.username, member.password);
    const sid = claimsOf(first.token).sid;
    const second = (await post(svc, '/api/auth/refresh', { refreshToken: first.refreshToken })).json();

    const replay = await post(svc, '/api/auth/refresh', { refreshToken: first.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('REFRESH_INVALID');
    expect(await svc.ctx.store.get(revokedSessionKey(sid))).not.toBeNull();
    // The legitimate holder of the newer token is signed out too: the session is gone.
    const legit = await post(svc, '/api/auth/refresh', { refreshToken: second.refreshToken });
    expect(legit.statusCode).toBe(401);
  });

  it('refuses unknown, malformed and expired refresh tokens', async () => {
    const member = await seedMember(svc);
    const tokens = await signIn(svc, member.email, member.password);
    const sid = claimsOf(tokens.token).sid;
    for (const refreshToken of ['nope', `${sid}.${'A'.repeat(43)}`, `00000000-0000-4000-8000-000000000000.${'B'.repeat(43)}`]) {
      const res = await post(svc, '/api/auth/refresh', { refreshToken });
      expect(res.statusCode, refreshToken).toBe(401);
      expect(res.json().code).toBe('REFRESH_INVALID');
    }
    // Guessing at a known session id does not end it.
    expect((await post(svc, '/api/auth/refresh', { refreshToken: tokens.refreshToken })).statusCode).toBe(200);

    const other = await signIn(svc, member.email, member.password);
    await svc.ctx.db
      .update(svc.tables.sessions)
      .set({ refreshExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(svc.tables.sessions.id, claimsOf(other.token).sid));
    const expired = await post(svc, '/api/auth/refresh', { refreshToken: other.refreshToken });
    expect(expired.statusCode).toBe(401);

    const empty = await post(svc, '/api/auth/refresh', {});
    expect(empty.statusCode).toBe(400);
    expectErrorShape(empty.json());
  });

  it('ends the session when a suspended member tries to refresh', async () => {
    const member = await seedMember(svc);
    const tokens = await signIn(svc, member.email, member.password);
    await svc.ctx.db.update(svc.tables.users).set({ status: 'suspended' }).where(eq(svc.tables.users.id, member.userId));
    const res = await post(svc, '/api/auth/refresh', { refreshToken: tokens.refreshToken });
    expect(res.statusCode).toBe(401);
    expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(tokens.token).sid))).not.toBeNull();
  });

  it('answers the same for an unknown account and a wrong password', async () => {
    const member = await seedMember(svc);
    const wrong = await post(svc, '/api/signin', { email: member.email, password: 'not the password' });
    const unknown = await post(svc, '/api/signin', { email: 'nobody.here@example.ng', password: 'whatever1' });
    const unknownName = await post(svc, '/api/signin', { email: 'no_such_member', password: 'whatever1' });
    for (const res of [wrong, unknown, unknownName]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Invalid email or password', message: 'Invalid email or password', code: 'INVALID_CREDENTIALS' });
    }
  });

  it('tells unactivated and suspended members apart, only after the password checks out', async () => {
    const pending = await seedMember(svc, { status: 'pending' });
    const banned = await seedMember(svc, { status: 'suspended' });
    const p = await post(svc, '/api/signin', { email: pending.username, password: pending.password });
    expect(p.statusCode).toBe(403);
    expect(p.json()).toEqual({ error: authTexts.notActivated, message: authTexts.notActivated, code: 'NOT_ACTIVATED' });
    const s = await post(svc, '/api/signin', { email: banned.email, password: banned.password });
    expect(s.statusCode).toBe(403);
    expect(s.json()).toEqual({ error: authTexts.suspended, message: authTexts.suspended, code: 'SUSPENDED' });
    for (const m of [pending, banned]) {
      const res = await post(svc, '/api/signin', { email: m.email, password: 'wrong password' });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }
  });

  it('signs in by username in any letter case', async () => {
    const member = await seedMember(svc, { username: `MixedCase_${Date.now() % 100000}` });
    const tokens = await signIn(svc, member.username.toLowerCase(), member.password);
    expect(tokens.user.user_name).toBe(member.username);
  });

  it('answers bad input with 400 and the error shape, never 500', async () => {
    const cases: [unknown, string][] = [
      [{}, authTexts.fillAllFields],
      [{ email: 'a@b.ng' }, authTexts.fillAllFields],
      [{ email: '   ', password: 'x' }, authTexts.fillAllFields],
      [{ email: 'a@b.ng', password: '' }, authTexts.fillAllFields],
      [{ email: 42, password: ['x'] }, authTexts.fillAllFields],
    ];
    for (const [body, message] of cases) {
      const res = await post(svc, '/api/signin', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toEqual({ error: message, message, code: 'VALIDATION_FAILED' });
    }
    const long = await post(svc, '/api/signin', { email: 'a@b.ng', password: 'x'.repeat(129) });
    expect(long.statusCode).toBe(400);
    expectErrorShape(long.json());
    const malformed = await svc.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
    const huge = await post(svc, '/api/signin', { email: 'a@b.ng', password: 'x', padding: 'y'.repeat(1_100_000) });
    expect(huge.statusCode).toBe(413);
    expectErrorShape(huge.json());
    const text = await svc.app.inject({ method: 'POST', url: '/api/signin', headers: { 'content-type': 'text/plain' }, payload: 'hello' });
    expect(text.statusCode).toBe(400);
    expectErrorShape(text.json());
    const xml = await svc.app.inject({
      method: 'POST',
      url: '/api/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expectErrorShape(xml.json());
  });

  it('needs a signed-in caller to sign out', async () => {
    const res = await svc.app.inject({ method: 'POST', url: '/api/signout' });
    expect(res.statusCode).toBe(401);
    expectErrorShape(res.json());
  });

  it('measures argon2id sign-ins per second (reported, not asserted)', async () => {
    const member = await seedMember(svc);
    const n = 20;
    const started = performance.now();
    for (let i = 0; i < n; i++) await signIn(svc, member.email, member.password);
    const seconds = (performance.now() - started) / 1000;
    const [row] = await svc.ctx.db.select().from(svc.tables.users).where(eq(svc.tables.users.id, member.userId));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    console.log(
      `[argon2] ${n} sequential sign-ins in ${seconds.toFixed(2)} s = ${(n / seconds).toFixed(1)} sign-ins/s (${process.env.KORA_TEST_TARGET ?? 'embedded'})`,
    );
  });
});
