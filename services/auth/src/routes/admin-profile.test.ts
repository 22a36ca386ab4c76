import { adminTexts, authTexts, defaultGeneralSettings } from '@kora/contracts';
import { revokedSessionKey, SERVICE_CALL_HEADER, signServiceCall } from '@kora/platform';
import { publishEvent } from '@kora/testing';
import { eventually } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimsOf,
  expectErrorShape,
  fakePng,
  multipart,
  outboxEvents,
  post,
  seedAdmin,
  seedMember,
  signIn,
  startAuth,
  startMediaStub,
  startSettingsStub,
  type AuthTestService,
} from '../test-support.js';

describe(`admin profile (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let media: Awaited<ReturnType<typeof startMediaStub>>;
  let settings: Awaited<ReturnType<typeof startSettingsStub>>;
  beforeAll(async () => {
    media = await startMediaStub();
    settings = await startSettingsStub();
    svc = await startAuth({ media: media.url, settings: settings.url });
  });
  afterAll(async () => {
    await svc?.close();
    await media?.close();
    await settings?.close();
  });

  const call = (method: 'GET' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    svc.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it('answers anonymous callers 401 and members 403 on every admin profile route', async () => {
    const member = await seedMember(svc);
    const tokens = await signIn(svc, member.email, member.password);
    const asMember = svc.as({ userId: member.userId, role: 'user', sessionId: claimsOf(tokens.token).sid });
    const routes: ['GET' | 'PUT' | 'DELETE', string, object?][] = [
      ['GET', '/api/admin/profile/me'],
      ['PUT', '/api/admin/profile', { bio: 'x' }],
      ['PUT', '/api/admin/profile/password', { oldPassword: member.password, newPassword: 'another long one' }],
      ['PUT', '/api/admin/profile/avatar'],
      ['GET', '/api/admin/profile/sessions'],
      ['DELETE', `/api/admin/profile/sessions/${claimsOf(tokens.token).sid}`],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await call(method, url, {}, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(anonymous.json());
      const asUser = await call(method, url, asMember, body);
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
    }
    await signIn(svc, member.email, member.password); // password unchanged, session alive
    expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(tokens.token).sid))).toBeNull();
  });

  it("shows the admin's profile with the time zone of their General tab", async () => {
    const admin = await seedAdmin(svc, { firstname: 'Kora', lastname: 'Admin' });
    const me = await call('GET', '/api/admin/profile/me', admin.headers);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      id: admin.userId,
      username: admin.username,
      firstname: 'Kora',
      lastname: 'Admin',
      email: admin.email,
      bio: '',
      timezone: 'UTC',
      profileImage: '/uploads/profile/defaultavatar.png',
    });
    const event = await publishEvent(
      svc,
      'settings.profile-changed',
      { userId: admin.userId, ...defaultGeneralSettings, timezone: 'Africa/Lagos' },
      admin.userId,
      admin.userId,
    );
    const d = svc.tables.memberDetails;
    await eventually(
      async () =>
        (await svc.ctx.db.select().from(d).where(eq(d.userId, admin.userId)))[0]?.updatedAt.getTime() === Date.parse(event.occurredAt),
    );
    expect((await call('GET', '/api/admin/profile/me', admin.headers)).json().timezone).toBe('Africa/Lagos');
  });

  it('updates names, username, e-mail and bio like the member profile, and the time zone through the settings service', async () => {
    const admin = await seedAdmin(svc);
    const res = await call('PUT', '/api/admin/profile', admin.headers, {
      firstname: 'Ngozi',
      bio: 'Keeps the lights on',
      email: `boss.${admin.email}`,
      timezone: 'Europe/London',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: admin.userId,
      firstname: 'Ngozi',
      bio: 'Keeps the lights on',
      email: `boss.${admin.email}`,
      timezone: 'Europe/London',
    });
    expect(settings.calls.at(-1)).toEqual({
      path: `/internal/settings/${admin.userId}/timezone`,
      caller: expect.any(String),
      body: { timezone: 'Europe/London' },
    });
    const mine = (type: string) => outboxEvents(svc, type).then((all) => all.filter((e) => e.aggregateId === String(admin.userId)));
    expect((await mine('user.email-changed')).map((e) => e.payload)).toEqual([{ userId: admin.userId, email: `boss.${admin.email}` }]);
    expect((await mine('user.updated')).at(-1)!.payload).toMatchObject({ firstname: 'Ngozi', bio: 'Keeps the lights on' });

    const calls = settings.calls.length;
    const badZone = await call('PUT', '/api/admin/profile', admin.headers, { timezone: 'Mars/Olympus' });
    expect(badZone.statusCode).toBe(400);
    expectErrorShape(badZone.json());
    const other = await seedMember(svc);
    const taken = await call('PUT', '/api/admin/profile', admin.headers, { email: other.email, timezone: 'Africa/Accra' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toBe(authTexts.emailInUse);
    expect(settings.calls.length).toBe(calls); // refused before the time zone was touched
  });

  it("changes the password with the member route's refusals, ending the other sessions", async () => {
    const admin = await seedAdmin(svc);
    const other = await signIn(svc, admin.email, admin.password);
    const wrong = await call('PUT', '/api/admin/profile/password', admin.headers, {
      oldPassword: 'not it at all',
      newPassword: 'a much better one',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({
      error: authTexts.currentPasswordWrong,
      message: authTexts.currentPasswordWrong,
      code: 'CURRENT_PASSWORD_WRONG',
    });
    const short = await call('PUT', '/api/admin/profile/password', admin.headers, { oldPassword: admin.password, newPassword: '1234567' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toBe(adminTexts.newPasswordTooShort);
    const ok = await call('PUT', '/api/admin/profile/password', admin.headers, {
      oldPassword: admin.password,
      newPassword: 'a much better one',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: adminTexts.passwordChanged });
    expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(other.token).sid))).not.toBeNull();
    expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(admin.tokens.token).sid))).toBeNull();
    await signIn(svc, admin.email, 'a much better one');
  });

  it('uploads the avatar through the media service; no file is "Please choose an image first"', async () => {
    const admin = await seedAdmin(svc);
    const form = multipart([{ name: 'avatar', filename: 'me.png', contentType: 'image/png', data: fakePng() }]);
    const res = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/profile/avatar',
      headers: { ...admin.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const { avatarUrl } = res.json();
    expect(avatarUrl).toMatch(/^\/uploads\/profile\/[0-9a-f]+\.webp$/);
    expect(media.calls.at(-1)).toMatchObject({ kind: 'avatar', caller: expect.any(String) });
    expect((await call('GET', '/api/admin/profile/me', admin.headers)).json().profileImage).toBe(avatarUrl);

    const none = await svc.app.inject({ method: 'PUT', url: '/api/admin/profile/avatar', headers: admin.headers });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: adminTexts.chooseImageFirst, message: adminTexts.chooseImageFirst, code: 'IMAGE_REQUIRED' });
    const wrongField = multipart([{ name: 'picture', filename: 'me.png', contentType: 'image/png', data: fakePng() }]);
    const wrong = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/profile/avatar',
      headers: { ...admin.headers, ...wrongField.headers },
      payload: wrongField.payload,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe(adminTexts.chooseImageFirst);
  });

  it("lists the admin's sessions and ends one; someone else's is not found", async () => {
    const admin = await seedAdmin(svc);
    const laptop = await signIn(svc, admin.email, admin.password, { 'user-agent': 'Laptop/2' });
    const member = await seedMember(svc);
    const theirs = await signIn(svc, member.email, member.password);
    const list = await call('GET', '/api/admin/profile/sessions', admin.headers);
    expect(list.statusCode).toBe(200);
    const sessions = list.json<{ id: string; current: boolean; userAgent: string }[]>();
    expect(sessions.map((s) => s.id).sort()).toEqual([claimsOf(admin.tokens.token).sid, claimsOf(laptop.token).sid].sort());
    expect(sessions.find((s) => s.current)!.id).toBe(claimsOf(admin.tokens.token).sid);

    expect((await call('DELETE', `/api/admin/profile/sessions/${claimsOf(theirs.token).sid}`, admin.headers)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/profile/sessions/not-a-uuid', admin.headers)).statusCode).toBe(404);
    const ended = await call('DELETE', `/api/admin/profile/sessions/${claimsOf(laptop.token).sid}`, admin.headers);
    expect(ended.statusCode).toBe(204);
    expect((await post(svc, '/api/auth/refresh', { refreshToken: laptop.refreshToken })).statusCode).toBe(401);
    expect((await call('GET', '/api/admin/profile/sessions', admin.headers)).json()).toHaveLength(1);
  });

  it('counts accounts and sign-ups per day for the admin service only', async () => {
    const headers = { [SERVICE_CALL_HEADER]: signServiceCall('admin', svc.ctx.env.INTERNAL_SECRET) };
    const stats = (query: string, h: Record<string, string> = headers) =>
      svc.app.inject({ method: 'GET', url: `/internal/admin/user-stats?${query}`, headers: h });
    const { users, activationTokens } = svc.tables;
    const before = (await stats('since=2026-01-01')).json();
    const pending = await seedMember(svc, { status: 'pending' }); // sign-up made a link valid 24 h
    const expired = await seedMember(svc, { status: 'pending' });
    await svc.ctx.db
      .update(activationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(activationTokens.userId, expired.userId));
    const banned = await seedMember(svc, { status: 'suspended' });
    // 23:30 UTC on 10 March is 00:30 on 11 March in Lagos (UTC+1).
    await svc.ctx.db
      .update(users)
      .set({ createdAt: new Date('2026-03-10T23:30:00Z') })
      .where(eq(users.id, banned.userId));
    await svc.ctx.db
      .update(users)
      .set({ createdAt: new Date('2026-03-10T22:30:00Z') })
      .where(eq(users.id, pending.userId));
    const after = await stats('since=2026-01-01');
    expect(after.statusCode).toBe(200);
    const body = after.json();
    expect(body.totalUsers - before.totalUsers).toBe(3);
    expect(body.pendingUsers - before.pendingUsers).toBe(1);
    expect(body.notActivated - before.notActivated).toBe(1);
    expect(body.banned - before.banned).toBe(1);
    expect(body.daily).toEqual(
      expect.arrayContaining([
        { day: '2026-03-10', count: 1 },
        { day: '2026-03-11', count: 1 },
      ]),
    );
    expect((await stats('since=2026-03-11')).json().daily.find((d: { day: string }) => d.day === '2026-03-10')).toBeUndefined();

    expect((await stats('since=2026-02-30')).statusCode).toBe(400);
    expect((await stats('since=yesterday')).statusCode).toBe(400);
    const admin = await seedAdmin(svc);
    expect((await stats('since=2026-01-01', admin.headers)).statusCode).toBe(403);
    expect((await stats('since=2026-01-01', {})).statusCode).toBe(403);
  });
});
