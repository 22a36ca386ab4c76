import { adminTexts, authTexts } from '@kora/contracts';
import { revokedSessionKey } from '@kora/platform';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimsOf,
  expectErrorShape,
  outboxEvents,
  post,
  seedAdmin,
  seedMember,
  signIn,
  startAuth,
  type AuthTestService,
} from '../test-support.js';

describe(`admin users: list, edit, suspend (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let admin: Awaited<ReturnType<typeof seedAdmin>>;
  beforeAll(async () => {
    svc = await startAuth();
    admin = await seedAdmin(svc);
  });
  afterAll(async () => svc?.close());

  const call = (method: 'GET' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    svc.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const refreshes = async (refreshToken: string) => (await post(svc, '/api/auth/refresh', { refreshToken })).statusCode === 200;
  const signInStatus = async (login: string, password: string) => post(svc, '/api/signin', { email: login, password });
  const eventsFor = async (type: string, userId: number) => (await outboxEvents(svc, type)).filter((e) => e.aggregateId === String(userId));

  it('answers anonymous callers 401 and members 403 on every admin users route', async () => {
    const member = await seedMember(svc);
    const tokens = await signIn(svc, member.email, member.password);
    const asMember = svc.as({ userId: member.userId, role: 'user', sessionId: claimsOf(tokens.token).sid });
    const routes: ['GET' | 'PUT', string, object?][] = [
      ['GET', '/api/admin/users'],
      ['GET', '/api/admin/users/export?format=json'],
      ['PUT', `/api/admin/users/${member.userId}`, { firstname: 'Hacked' }],
      ['PUT', `/api/admin/users/${member.userId}/status`, { status: 'suspended' }],
    ];
    for (const [method, url, body] of routes) {
      const anonymous = await call(method, url, {}, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(anonymous.json());
      const asUser = await call(method, url, asMember, body);
      expect(asUser.statusCode, `${method} ${url}`).toBe(403);
      expectErrorShape(asUser.json());
    }
    const [row] = await svc.ctx.db.select().from(svc.tables.users).where(eq(svc.tables.users.id, member.userId));
    expect(row).toMatchObject({ firstname: 'Ada', status: 'active' });
  });

  it('lists members: search on username or e-mail in any case, wildcards literal, sorted with a stable tiebreak, paged', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const made = [];
    for (const [i, name] of ['Bravo', 'alpha', 'Charlie'].entries()) {
      made.push(await seedMember(svc, { username: `${name}_${tag}`, email: `${String.fromCharCode(122 - i)}.${tag}@example.ng` }));
    }
    const other = await seedMember(svc, { username: `pct_${tag}x`, email: `percent.${tag}@example.ng` });
    const list = (query: string) => call('GET', `/api/admin/users?${query}`, admin.headers);

    const byUsername = await list(`search=${tag.toUpperCase()}&sort=username&dir=asc`);
    expect(byUsername.statusCode).toBe(200);
    const body = byUsername.json();
    expect(body).toMatchObject({ total: 4, totalPages: 1, hasPrev: false, hasNext: false });
    expect(body.items.map((u: { username: string }) => u.username)).toEqual([
      `alpha_${tag}`,
      `Bravo_${tag}`,
      `Charlie_${tag}`,
      `pct_${tag}x`,
    ]);
    expect(body.items[0]).toEqual({
      id: made[1]!.userId,
      username: `alpha_${tag}`,
      email: made[1]!.email,
      firstname: 'Ada',
      lastname: 'Obi',
      createdAt: expect.any(String),
      role: 'user',
      status: 'active',
    });
    const byEmail = (await list(`search=${tag}&sort=email&dir=desc`)).json();
    expect(byEmail.items.map((u: { email: string }) => u.email[0])).toEqual(['z', 'y', 'x', 'p']);
    // E-mail search, any case; % and _ are letters, not wildcards.
    expect((await list(`search=PERCENT.${tag}`)).json().items.map((u: { id: number }) => u.id)).toEqual([other.userId]);
    expect((await list(`search=${encodeURIComponent('%')}${tag}`)).json().total).toBe(0);
    expect((await list(`search=alpha${encodeURIComponent('_')}${tag}`)).json().total).toBe(1);
    expect((await list(`search=alpha_${tag.slice(0, 2)}_${tag.slice(3)}`)).json().total).toBe(0);

    // Same created date: the id breaks the tie, in the same direction.
    const sameMoment = new Date('2026-01-01T00:00:00Z');
    for (const m of made) await svc.ctx.db.update(svc.tables.users).set({ createdAt: sameMoment }).where(eq(svc.tables.users.id, m.userId));
    const ids = made.map((m) => m.userId).sort((a, b) => a - b);
    const oldestFirst = (await list(`search=${tag}&sort=createdAt&dir=asc&limit=10`)).json().items.map((u: { id: number }) => u.id);
    expect(oldestFirst.slice(0, 3)).toEqual(ids);
    const newestFirst = (await list(`search=${tag}&sort=createdAt&dir=desc`)).json().items.map((u: { id: number }) => u.id);
    expect(newestFirst.slice(1)).toEqual([...ids].reverse());

    const all = (await list('limit=100')).json();
    const page2 = (await list('limit=10&page=2')).json();
    expect(page2).toMatchObject({ total: all.total, totalPages: Math.ceil(all.total / 10), hasPrev: true });
    expect(page2.items.map((u: { id: number }) => u.id)).toEqual(all.items.slice(10, 20).map((u: { id: number }) => u.id));
    for (const bad of ['limit=15', 'page=0', 'sort=password', 'dir=up', `search=${'x'.repeat(201)}`]) {
      const res = await list(bad);
      expect(res.statusCode, bad).toBe(400);
      expectErrorShape(res.json());
    }
  });

  it('edits names, e-mail, username and role, emitting the snapshot, the e-mail change and the audit entry', async () => {
    const member = await seedMember(svc);
    const edit = (id: number, body: object) => call('PUT', `/api/admin/users/${id}`, admin.headers, body);
    const res = await edit(member.userId, {
      firstname: 'Chiamaka',
      email: `New.${member.email}`,
      username: `${member.username}_2`,
      lastname: 'Obi',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: member.userId,
      firstname: 'Chiamaka',
      lastname: 'Obi',
      email: `new.${member.email}`,
      username: `${member.username}_2`,
      role: 'user',
    });
    expect((await eventsFor('user.updated', member.userId)).at(-1)!.payload).toMatchObject({
      userId: member.userId,
      firstname: 'Chiamaka',
      username: `${member.username}_2`,
    });
    expect((await eventsFor('user.email-changed', member.userId)).map((e) => e.payload)).toEqual([
      { userId: member.userId, email: `new.${member.email}` },
    ]);
    const [audit] = await eventsFor('admin.action-recorded', member.userId);
    expect(audit!.payload).toEqual({
      actorId: admin.userId,
      action: 'user.edited',
      targetType: 'user',
      targetId: String(member.userId),
      before: { firstname: 'Ada', email: member.email, username: member.username },
      after: { firstname: 'Chiamaka', email: `new.${member.email}`, username: `${member.username}_2` },
      occurredAt: expect.any(String),
    });
    await signIn(svc, `new.${member.email}`, member.password);

    // Nothing changed: no events.
    const before = (await outboxEvents(svc)).length;
    expect((await edit(member.userId, { firstname: 'Chiamaka' })).statusCode).toBe(200);
    expect((await outboxEvents(svc)).length).toBe(before);

    const someoneElse = await seedMember(svc);
    const taken = await edit(member.userId, { email: someoneElse.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: authTexts.emailInUse, message: authTexts.emailInUse, code: 'EMAIL_IN_USE' });
    const nameTaken = await edit(member.userId, { username: someoneElse.username.toUpperCase() });
    expect(nameTaken.statusCode).toBe(409);
    expect(nameTaken.json().code).toBe('USERNAME_TAKEN');
    expect((await edit(999_999_999, { firstname: 'X' })).statusCode).toBe(404);
    for (const bad of [{ password: 'x' }, { email: 'not an address' }, { role: 'owner' }, { firstname: '' }]) {
      const refused = await edit(member.userId, bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expectErrorShape(refused.json());
    }
    expect((await call('PUT', '/api/admin/users/abc', admin.headers, { firstname: 'X' })).statusCode).toBe(400);
  });

  it('promotes and demotes; demoting ends every session of the former admin; nobody demotes themselves', async () => {
    const other = await seedAdmin(svc);
    const second = await signIn(svc, other.email, other.password);
    const self = await call('PUT', `/api/admin/users/${admin.userId}`, admin.headers, { role: 'user' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({ error: adminTexts.cannotDemoteSelf, message: adminTexts.cannotDemoteSelf, code: 'CANNOT_DEMOTE_SELF' });

    const demoted = await call('PUT', `/api/admin/users/${other.userId}`, admin.headers, { role: 'user' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().role).toBe('user');
    for (const t of [other.tokens, second]) {
      expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(t.token).sid))).not.toBeNull();
      expect(await refreshes(t.refreshToken)).toBe(false);
    }
    const again = await signIn(svc, other.email, other.password);
    expect(claimsOf(again.token).role).toBe('user');
    const promoted = await call('PUT', `/api/admin/users/${other.userId}`, admin.headers, { role: 'admin' });
    expect(promoted.json().role).toBe('admin');
    expect(await refreshes(again.refreshToken)).toBe(true); // promotion ends nothing
  });

  it('suspends: every session ends at once, refresh and sign-in are refused; reinstating lets them back', async () => {
    const member = await seedMember(svc);
    const sessions = [await signIn(svc, member.email, member.password), await signIn(svc, member.email, member.password)];
    const setStatus = (status: string) => call('PUT', `/api/admin/users/${member.userId}/status`, admin.headers, { status });
    const res = await setStatus('suspended');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: member.userId, status: 'suspended' });
    for (const t of sessions) {
      expect(await svc.ctx.store.get(revokedSessionKey(claimsOf(t.token).sid))).not.toBeNull();
      expect(await refreshes(t.refreshToken)).toBe(false);
    }
    const signInNow = await signInStatus(member.email, member.password);
    expect(signInNow.statusCode).toBe(403);
    expect(signInNow.json().error).toBe(authTexts.suspended);
    expect((await eventsFor('user.status-changed', member.userId)).map((e) => e.payload)).toEqual([
      { userId: member.userId, status: 'suspended', previousStatus: 'active' },
    ]);
    const revoked = (await outboxEvents(svc, 'session.revoked')).filter((e) => (e.payload as { userId: number }).userId === member.userId);
    expect(revoked).toHaveLength(2);
    expect((await eventsFor('admin.action-recorded', member.userId)).map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ action: 'user.suspended', before: { status: 'active' }, after: { status: 'suspended' } }),
    );

    const again = await setStatus('suspended'); // already: no second change
    expect(again.statusCode).toBe(200);
    expect(await eventsFor('user.status-changed', member.userId)).toHaveLength(1);

    const back = await setStatus('active');
    expect(back.json().status).toBe('active');
    expect((await eventsFor('admin.action-recorded', member.userId)).at(-1)!.payload).toMatchObject({
      action: 'user.unsuspended',
      before: { status: 'suspended' },
      after: { status: 'active' },
    });
    await signIn(svc, member.email, member.password);

    const self = await call('PUT', `/api/admin/users/${admin.userId}/status`, admin.headers, { status: 'suspended' });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toEqual({
      error: adminTexts.cannotSuspendSelf,
      message: adminTexts.cannotSuspendSelf,
      code: 'CANNOT_SUSPEND_SELF',
    });
    expect((await call('PUT', `/api/admin/users/${member.userId}/status`, admin.headers, { status: 'pending' })).statusCode).toBe(400);
    expect((await call('PUT', '/api/admin/users/999999999/status', admin.headers, { status: 'suspended' })).statusCode).toBe(404);
  });

  it('never leaves zero admins, even when two admins demote or suspend each other at the same moment', async () => {
    const { users } = svc.tables;
    // Only the two admins of this test remain admins.
    const a = await seedAdmin(svc);
    const b = await seedAdmin(svc);
    await svc.ctx.db
      .update(users)
      .set({ role: 'user' })
      .where(and(eq(users.role, 'admin'), ne(users.id, a.userId), ne(users.id, b.userId)));
    const activeAdmins = async () =>
      (
        await svc.ctx.db
          .select()
          .from(users)
          .where(and(eq(users.role, 'admin'), eq(users.status, 'active')))
      ).length;

    for (const [path, body] of [
      ['', { role: 'user' }],
      ['/status', { status: 'suspended' }],
    ] as const) {
      const [ab, ba] = await Promise.all([
        call('PUT', `/api/admin/users/${b.userId}${path}`, a.headers, body),
        call('PUT', `/api/admin/users/${a.userId}${path}`, b.headers, body),
      ]);
      const codes = [ab.statusCode, ba.statusCode].sort();
      expect(codes, `${path}: ${ab.body} / ${ba.body}`).toEqual([200, 409]);
      const refused = ab.statusCode === 409 ? ab : ba;
      expect(refused.json()).toEqual({ error: adminTexts.lastAdmin, message: adminTexts.lastAdmin, code: 'LAST_ADMIN' });
      expect(await activeAdmins()).toBe(1);
      // Put both back for the next round (and fresh tokens: the loser's sessions may have ended).
      await svc.ctx.db
        .update(users)
        .set({ role: 'admin', status: 'active' })
        .where(eq(users.id, ab.statusCode === 200 ? b.userId : a.userId));
      a.headers = (await seedAdminHeaders(a)).headers;
      b.headers = (await seedAdminHeaders(b)).headers;
    }

    // One admin left: another admin's token (now a member in the database) cannot take it away either.
    await svc.ctx.db.update(users).set({ role: 'user' }).where(eq(users.id, b.userId));
    const last = await call('PUT', `/api/admin/users/${a.userId}/status`, b.headers, { status: 'suspended' });
    expect(last.statusCode).toBe(409);
    expect(last.json().error).toBe(adminTexts.lastAdmin);
    expect(await activeAdmins()).toBe(1);
  });

  async function seedAdminHeaders(who: { email: string; password: string }) {
    const tokens = await signIn(svc, who.email, who.password);
    const claims = claimsOf(tokens.token);
    return { headers: svc.as({ userId: Number(claims.sub), role: 'admin', sessionId: claims.sid }) };
  }
});
