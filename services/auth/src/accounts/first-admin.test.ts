import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth } from '../context.js';
import { newMember, outboxEvents, seedMember, signIn, startAuth, TEST_ACCESS_TOKEN_SECRET, type AuthTestService } from '../test-support.js';
import { ensureFirstAdmin } from './first-admin.js';

describe(`first admin from KORA_ADMIN_* (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const boss = newMember({ username: `boss_${Date.now().toString(36)}` });
  let svc: AuthTestService;
  beforeAll(async () => {
    svc = await startAuth({
      env: { KORA_ADMIN_EMAIL: boss.email, KORA_ADMIN_USERNAME: boss.username, KORA_ADMIN_PASSWORD: boss.password },
    });
  });
  afterAll(async () => svc?.close());

  /** The service's start again, as a restart or another replica with these variables would run it. */
  const startAgain = (env: Record<string, string>) =>
    ensureFirstAdmin(createAuth(svc.ctx, { env: { ACCESS_TOKEN_SECRET: TEST_ACCESS_TOKEN_SECRET, ...env } }));
  const userByEmail = async (email: string) =>
    (await svc.ctx.db.select().from(svc.tables.users).where(eq(svc.tables.users.email, email)))[0]!;

  it('creates the admin at start: active, signed in as admin, announced', async () => {
    const row = await userByEmail(boss.email);
    expect(row).toMatchObject({ username: boss.username, role: 'admin', status: 'active' });
    const tokens = await signIn(svc, boss.email, boss.password);
    expect(tokens.user.role).toBe('admin');
    const registered = (await outboxEvents(svc, 'user.registered')).filter((e) => e.aggregateId === String(row.id));
    expect(registered).toHaveLength(1);
  });

  it('does not undo a later demotion, nor reset a changed password, at the next start', async () => {
    const row = await userByEmail(boss.email);
    await svc.ctx.db.update(svc.tables.users).set({ role: 'user' }).where(eq(svc.tables.users.id, row.id));
    const again = await startAgain({
      KORA_ADMIN_EMAIL: boss.email,
      KORA_ADMIN_USERNAME: boss.username,
      KORA_ADMIN_PASSWORD: 'a different password',
    });
    expect(again).toEqual({ action: 'already-applied', userId: row.id });
    expect((await userByEmail(boss.email)).role).toBe('user');
    await signIn(svc, boss.email, boss.password);
  });

  it('promotes an existing account once (its password unchanged), then leaves it be', async () => {
    const member = await seedMember(svc);
    const env = { KORA_ADMIN_EMAIL: member.email, KORA_ADMIN_USERNAME: 'ignored_name', KORA_ADMIN_PASSWORD: 'not the password' };
    const first = await startAgain(env);
    expect(first).toMatchObject({ action: 'promoted', userId: member.userId });
    expect((await userByEmail(member.email)).role).toBe('admin');
    await signIn(svc, member.email, member.password);
    await svc.ctx.db.update(svc.tables.users).set({ role: 'user' }).where(eq(svc.tables.users.id, member.userId));
    expect(await startAgain(env)).toEqual({ action: 'already-applied', userId: member.userId });
    expect((await userByEmail(member.email)).role).toBe('user');
  });

  it('creates one admin when several replicas start at once', async () => {
    const fresh = newMember();
    const env = { KORA_ADMIN_EMAIL: fresh.email, KORA_ADMIN_USERNAME: fresh.username, KORA_ADMIN_PASSWORD: fresh.password };
    const outcomes = await Promise.all([startAgain(env), startAgain(env), startAgain(env)]);
    expect(outcomes.map((o) => o.action).sort()).toEqual(['already-applied', 'already-applied', 'created']);
    const rows = await svc.ctx.db.select().from(svc.tables.users).where(eq(svc.tables.users.email, fresh.email));
    expect(rows).toHaveLength(1);
  });

  it('does nothing without the variables', async () => {
    expect(await startAgain({})).toEqual({ action: 'not-configured' });
  });
});
