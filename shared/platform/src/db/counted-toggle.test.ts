/** The counted toggle on the test target's engine (PGlite, or PostgreSQL with KORA_TEST_TARGET=real). */
import { createTestAdapters, uniqueName, type TestAdapters } from '@kora/testing';
import { and, eq, sql } from 'drizzle-orm';
import { bigint, integer, pgSchema, primaryKey } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './database.js';
import { toggleCountedRow } from './counted-toggle.js';

function tablesOf(name: string) {
  const schema = pgSchema(name);
  const things = schema.table('things', {
    id: bigint('id', { mode: 'number' }).primaryKey(),
    likeCount: integer('like_count').notNull().default(0),
  });
  const likes = schema.table(
    'likes',
    { thingId: bigint('thing_id', { mode: 'number' }).notNull(), userId: bigint('user_id', { mode: 'number' }).notNull() },
    (t) => [primaryKey({ columns: [t.thingId, t.userId] })],
  );
  return { things, likes };
}

type Like = (userId: number) => ReturnType<typeof toggleCountedRow>;

async function withThings(fn: (db: Db, like: Like, count: () => Promise<number>, schema: string) => Promise<void>) {
  const schema = uniqueName('toggle');
  const db = adapters.database.db;
  try {
    // One statement per call: PostgreSQL prepares each, and a prepared statement holds one command.
    for (const statement of [
      `create schema ${schema}`,
      `create table ${schema}.things (id bigint primary key, like_count integer not null default 0 check (like_count >= 0))`,
      `create table ${schema}.likes (thing_id bigint not null, user_id bigint not null, primary key (thing_id, user_id))`,
      `insert into ${schema}.things (id) values (1), (2)`,
    ])
      await db.execute(sql.raw(statement));
    const { things, likes } = tablesOf(schema);
    const like = (userId: number) =>
      db.transaction((tx) =>
        toggleCountedRow(tx, {
          marks: likes,
          mark: { thingId: 1, userId },
          markWhere: and(eq(likes.thingId, 1), eq(likes.userId, userId))!,
          counted: things,
          counter: things.likeCount,
          countedWhere: eq(things.id, 1),
        }),
      );
    const count = async () => (await db.select({ n: things.likeCount }).from(things).where(eq(things.id, 1)))[0]!.n;
    await fn(db, like, count, schema);
  } finally {
    await db.execute(sql.raw(`drop schema if exists ${schema} cascade`));
  }
}

let adapters: TestAdapters;

describe(`toggleCountedRow (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  beforeAll(async () => {
    adapters = await createTestAdapters();
  });

  afterAll(async () => {
    await adapters?.close();
  });

  it('adds the mark and counts it, then takes it back and uncounts it', async () => {
    await withThings(async (_db, like, count) => {
      expect(await like(7)).toEqual({ on: true, count: 1, changed: true });
      expect(await like(8)).toEqual({ on: true, count: 2, changed: true });
      expect(await like(7)).toEqual({ on: false, count: 1, changed: true });
      expect(await count()).toBe(1);
    });
  });

  it('moves only the counter of the thing it is given', async () => {
    await withThings(async (db, like, count, schema) => {
      await like(7);
      const { things } = tablesOf(schema);
      expect(await count()).toBe(1);
      expect((await db.select({ n: things.likeCount }).from(things).where(eq(things.id, 2)))[0]!.n).toBe(0);
    });
  });

  it('keeps the count equal to the marks when one member toggles many times at once', async () => {
    await withThings(async (db, like, count, schema) => {
      const answers = await Promise.all(Array.from({ length: 6 }, () => like(9)));
      const { likes } = tablesOf(schema);
      const marks = await db.select().from(likes);
      expect(await count()).toBe(marks.length);
      expect(answers.every((a) => a.count === 0 || a.count === 1)).toBe(true);
    });
  });
});
