import { schemaDrift, withFreshSchema } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { bigint, pgSchema } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { memberMutesSql, memberMutesTable } from '../mutes/table.js';
import { blockedPeersOf, isBlockedBetween, notBlockedWith } from './lookups.js';
import { memberBlocksSql, memberBlocksTable } from './table.js';

const target = process.env.KORA_TEST_TARGET ?? 'embedded';

it(`memberBlocksSql and memberMutesSql make exactly their Drizzle tables (${target})`, async () => {
  const drift = await schemaDrift({
    migrations: [
      { id: '0001_blocks', sql: memberBlocksSql },
      { id: '0002_mutes', sql: memberMutesSql },
    ],
    tables: (schema) => ({ blocks: memberBlocksTable(pgSchema(schema)), mutes: memberMutesTable(pgSchema(schema)) }),
  });
  expect(drift).toEqual([]);
});

it(`keeps two members apart whichever of them blocked, and nobody else (${target})`, async () => {
  await withFreshSchema(async ({ database, schema }) => {
    const db = database.db;
    const statements = [
      `create schema ${schema}`,
      ...memberBlocksSql.replaceAll('{schema}', schema).split(';'),
      `create table ${schema}.things (id bigint primary key, owner_id bigint not null)`,
    ];
    for (const statement of statements.filter((s) => s.trim() !== '')) await db.execute(sql.raw(statement));
    const blocks = memberBlocksTable(pgSchema(schema));
    const things = pgSchema(schema).table('things', {
      id: bigint('id', { mode: 'number' }),
      ownerId: bigint('owner_id', { mode: 'number' }),
    });
    await db.insert(blocks).values({ blockerId: 1, blockedId: 2, createdAt: new Date() });
    await db.insert(things).values([1, 2, 3].map((owner) => ({ id: owner, ownerId: owner })));

    expect(await isBlockedBetween(db, blocks, 1, 2)).toBe(true);
    expect(await isBlockedBetween(db, blocks, 2, 1)).toBe(true);
    expect(await isBlockedBetween(db, blocks, 1, 3)).toBe(false);
    expect(await isBlockedBetween(db, blocks, null, 1)).toBe(false);
    expect([...(await blockedPeersOf(db, blocks, 2))]).toEqual([1]);

    const seenBy = async (viewer: number | null) =>
      (
        await db
          .select({ id: things.id })
          .from(things)
          .where(notBlockedWith(blocks, viewer, things.ownerId))
          .orderBy(things.id)
      ).map((r) => r.id);
    expect(await seenBy(1)).toEqual([1, 3]);
    expect(await seenBy(2)).toEqual([2, 3]);
    expect(await seenBy(3)).toEqual([1, 2, 3]);
    expect(await seenBy(null)).toEqual([1, 2, 3]);
  });
});
