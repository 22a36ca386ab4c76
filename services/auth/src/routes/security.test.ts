import { authTexts } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokedSessionKey } from '@kora/platform';
import { ENDED_SESSIONS_HEADER } from '@kora/platform/access-token';
import { asTokenHolder, claimsOf, expectErrorShape, post, seedMember, signIn, startAuth, type AuthTestService } from '../test-support.js';

describe(`security tab: password and sessions (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  beforeAll(async () => void (svc = await startAuth()));
  afterAll(async () => svc?.close());

  const changePassword = (headers: Record<string, string>, body: unknown) =>
    svc.app.inject({ method: 'PUT', url: '/api/settings/security/password', headers, payload: body as object });
  const listSessions = (headers: Record<string, string>) =>
    svc.app.inject({ method: 'GET', url: '/api/settings/security/sessions', headers });
  const revoke = (headers: Record<string, string>, id: string) =>
    svc.app.inject({ method: 'DELETE', url: `/api/settings/security/sessions/${id}`, headers });
  const refreshes = async (refreshToken: string) => (await post(svc, '/api/auth/refresh', { refreshToken })).statusCode === 200;

  it('changes the password and ends the other sessions, keeping the current one', async () => {
    const member = await seedMember(svc);
    const current = await signIn(svc, member.email, member.password);
    const other = await signIn(svc, member.email, member.password);
    const res = await changePassword(asTokenHolder(svc, current.token), {
      currentPassword: member.password,
      newPassword: 'a much better one',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authTexts.passwordChanged });
    // Named in the answer too, for the gateway that carries it (never past the gateway).
    expect(res.headers[ENDED_SESSIONS_HEADER]).toBe(claimsOf(other.token).sid);

    expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(other.token).sid))).not.toBeNull();
    expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(current.token).sid))).toBeNull();
    expect(await refreshes(other.refreshToken)).toBe(false);
    expect(await refreshes(current.refreshToken)).toBe(true);
    expect((await post(svc, '/api/signin', { email: member.email, password: member.password })).statusCode).toBe(401);
    await signIn(svc, member.email, 'a much better one');
  });

  it('refuses a wrong current password and a short new one', async () => {
    const member = await seedMember(svc);
    const tokens = await signIn(svc, member.email, member.password);
    const headers = asTokenHolder(svc, tokens.token);
    const wrong = await changePassword(headers, { currentPassword: 'not it at all', newPassword: 'a much better one' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: authTexts.currentPasswordWrong,
      message: authTexts.currentPasswordWrong,
      code: 'CURRENT_PASSWORD_WRONG',
    });
    const short = await changePassword(headers, { currentPassword: member.password, newPassword: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: authTexts.newPasswordTooShort,
      message: authTexts.newPasswordTooShort,
      code: 'VALIDATION_FAILED',
    });
    for (const body of [{}, { currentPassword: 5, newPassword: 'long enough' }, { currentPassword: 'x', newPassword: 'y'.repeat(129) }]) {
      const res = await changePassword(headers, body);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json());
    }
    const malformed = await svc.app.inject({
      method: 'PUT',
      url: '/api/settings/security/password',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '[',
    });
    expect(malformed.statusCode).toBe(400);
    await signIn(svc, member.email, member.password); // unchanged
  });

  it('lists only your live sessions, with the current one flagged', async () => {
    const member = await seedMember(svc);
    const stranger = await seedMember(svc);
    const phone = await signIn(svc, member.email, member.password, { 'user-agent': 'Phone/1', 'x-forwarded-for': '102.89.1.1' });
    const laptop = await signIn(svc, member.email, member.password, { 'user-agent': 'Laptop/2', 'x-forwarded-for': '102.89.2.2' });
    const gone = await signIn(svc, member.email, member.password);
    await svc.app.inject({ method: 'POST', url: '/api/signout', headers: asTokenHolder(svc, gone.token) });
    const theirs = await signIn(svc, stranger.email, stranger.password);

    const res = await listSessions(asTokenHolder(svc, laptop.token));
    expect(res.statusCode).toBe(200);
    const sessions = res.json();
    expect(sessions).toHaveLength(2);
    expect(sessions.find((s: { id: string }) => s.id === claimsOf(laptop.token).sid)).toMatchObject({
      userAgent: 'Laptop/2',
      ip: '102.89.2.2',
      current: true,
    });
    expect(sessions.find((s: { id: string }) => s.id === claimsOf(phone.token).sid)).toMatchObject({
      userAgent: 'Phone/1',
      ip: '102.89.1.1',
      current: false,
    });
    expect(sessions[0]).toEqual({
      id: expect.any(String),
      userAgent: expect.any(String),
      ip: expect.any(String),
      createdAt: expect.any(String),
      lastSeen: expect.any(String),
      current: expect.any(Boolean),
    });
    expect(sessions.map((s: { id: string }) => s.id)).not.toContain(claimsOf(theirs.token).sid);
  });

  it("revokes one of your sessions; someone else's or an unknown one is not found", async () => {
    const member = await seedMember(svc);
    const stranger = await seedMember(svc);
    const mine = await signIn(svc, member.email, member.password);
    const myOther = await signIn(svc, member.email, member.password);
    const theirs = await signIn(svc, stranger.email, stranger.password);
    const headers = asTokenHolder(svc, mine.token);

    for (const id of [claimsOf(theirs.token).sid, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await revoke(headers, id);
      expect(res.statusCode, id).toBe(404);
      expect(res.headers[ENDED_SESSIONS_HEADER], id).toBeUndefined();
      expect(res.json()).toEqual({ error: authTexts.sessionNotFound, message: authTexts.sessionNotFound, code: 'SESSION_NOT_FOUND' });
    }
    expect(await refreshes(theirs.refreshToken)).toBe(true);
    expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(theirs.token).sid))).toBeNull();

    const sid = claimsOf(myOther.token).sid;
    const res = await revoke(headers, sid);
    expect(res.statusCode).toBe(204);
    expect(res.headers[ENDED_SESSIONS_HEADER]).toBe(sid);
    expect(await svc.ctx.store.get(revokedSessionKey(sid))).not.toBeNull();
    expect(await refreshes(myOther.refreshToken)).toBe(false);
    expect((await listSessions(headers)).json().map((s: { id: string }) => s.id)).not.toContain(sid);
    expect((await revoke(headers, sid)).statusCode).toBe(404); // already ended
  });

  it('needs a signed-in caller on every route', async () => {
    const answers = [
      await changePassword({}, { currentPassword: 'x', newPassword: 'long enough' }),
      await listSessions({}),
      await revoke({}, '00000000-0000-4000-8000-000000000000'),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expectErrorShape(res.json());
    }
  });
});
