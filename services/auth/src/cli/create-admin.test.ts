import { createTestAdapters, uniqueName, type TestAdapters } from '@kora/testing';
import { platformTables } from '@kora/platform';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminInputError, createOrPromoteAdmin } from '../accounts/admins.js';
import { verifyPassword } from '../accounts/passwords.js';
import { authSchema } from '../db/schema.js';

describe(`first admin (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let adapters: TestAdapters;
  const schema = uniqueName('auth');
  const tables = authSchema(schema);
  const outbox = platformTables(schema).outbox;

  beforeAll(async () => void (adapters = await createTestAdapters()));
  afterAll(async () => adapters?.close());

  const events = async () =>
    (await adapters.database.db.select().from(outbox)).map(
      (r) => r.envelope as { type: string; aggregateId: string; payload: Record<string, unknown> },
    );

  it('creates an active admin and records its events in the outbox', async () => {
    const outcome = await createOrPromoteAdmin(adapters.database, schema, {
      email: 'Boss@Kora.NG',
      username: 'boss',
      password: 'a strong password',
    });
    expect(outcome).toMatchObject({ action: 'created', username: 'boss', email: 'boss@kora.ng' });
    const [row] = await adapters.database.db.select().from(tables.users).where(eq(tables.users.id, outcome.userId));
    expect(row).toMatchObject({ role: 'admin', status: 'active', firstname: 'Kora', lastname: 'Admin' });
    expect(await verifyPassword(row!.passwordHash, 'a strong password')).toBe(true);
    const types = (await events()).filter((e) => e.aggregateId === String(outcome.userId)).map((e) => e.type);
    expect(types).toEqual(['user.registered', 'user.activated']);
    expect((await events()).find((e) => e.type === 'user.registered')!.payload).toMatchObject({ role: 'admin', email: 'boss@kora.ng' });

    const again = await createOrPromoteAdmin(adapters.database, schema, { email: 'boss@kora.ng' });
    expect(again.action).toBe('unchanged');
  });

  it('promotes (and activates) an existing account found by e-mail', async () => {
    const [member] = await adapters.database.db
      .insert(tables.users)
      .values({ firstname: 'Ada', lastname: 'Obi', username: 'ada', email: 'ada@kora.ng', passwordHash: 'x', status: 'pending' })
      .returning();
    const outcome = await createOrPromoteAdmin(adapters.database, schema, { email: 'ada@kora.ng', password: 'ignored password' });
    expect(outcome.action).toBe('promoted');
    expect(outcome.notes.join(' ')).toMatch(/password was left unchanged/);
    const [row] = await adapters.database.db.select().from(tables.users).where(eq(tables.users.id, member!.id));
    expect(row).toMatchObject({ role: 'admin', status: 'active', passwordHash: 'x' });
    const mine = (await events()).filter((e) => e.aggregateId === String(member!.id));
    expect(mine.map((e) => e.type)).toEqual(['user.updated', 'user.activated']);
    expect(mine[0]!.payload).toMatchObject({ role: 'admin', username: 'ada' });
  });

  it('explains what is missing or wrong', async () => {
    await expect(createOrPromoteAdmin(adapters.database, schema, { email: 'new@kora.ng' })).rejects.toThrow(/--username and --password/);
    await expect(
      createOrPromoteAdmin(adapters.database, schema, { email: 'new@kora.ng', username: 'boss', password: 'long enough pw' }),
    ).rejects.toThrow(/already taken/);
    await expect(
      createOrPromoteAdmin(adapters.database, schema, { email: 'nope', username: 'x1x', password: 'short' }),
    ).rejects.toBeInstanceOf(AdminInputError);
  });
});
