import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { republishKeptOutbox } from './outbox-replay.js';

describe('republishing the kept outbox after a crash', () => {
  const db = new PGlite();
  beforeAll(async () => {
    for (const schema of ['posts', 'auth']) {
      await db.exec(`create schema ${schema};
        create table ${schema}.outbox (seq bigserial primary key, topic text not null, published_at timestamptz,
          next_attempt_at timestamptz not null default now() + interval '1 hour');
        insert into ${schema}.outbox (topic, published_at) values ('a', now()), ('b', now()), ('c', null);`);
    }
    await db.exec(`create table public.other (published_at timestamptz); insert into public.other values (now());`);
  });
  afterAll(() => db.close());

  it('marks every published row of every schema pending and due now, and nothing else', async () => {
    expect(await republishKeptOutbox(db)).toBe(4);
    for (const schema of ['posts', 'auth']) {
      const rows = await db.query<{ pending: boolean; due: boolean }>(
        `select published_at is null as pending, next_attempt_at <= now() as due from ${schema}.outbox where topic <> 'c'`,
      );
      expect(rows.rows).toEqual([
        { pending: true, due: true },
        { pending: true, due: true },
      ]);
    }
    expect((await db.query(`select * from public.other where published_at is not null`)).rows).toHaveLength(1);
  });
});
