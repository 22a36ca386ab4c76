/**
 * The documented PostgreSQL backup route (README "Backups"), run for real against the test stage's
 * server: `pg_dump -Fc` of the whole database, `pg_restore` into a fresh database, and the rows read
 * back there. A probe schema shaped like a service's (a table, its outbox) makes the rows known;
 * the restored copy must also hold every schema and table the source had. Both are removed after.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPUBLISH_KEPT_OUTBOX_SQL } from './outbox-replay.js';

const sourceUrl = process.env.DATABASE_URL!;
const tag = randomBytes(4).toString('hex');
const probe = `backup_probe_${tag}`;
const copyName = `kora_restore_${tag}`;
const copyUrl = (() => {
  const url = new URL(sourceUrl);
  url.pathname = `/${copyName}`;
  return url.toString();
})();

const tablesOf = async (client: pg.Client) =>
  (
    await client.query<{ t: string }>(
      `select table_schema || '.' || table_name as t from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') order by 1`,
    )
  ).rows.map((r) => r.t);

describe('PostgreSQL backup: pg_dump -Fc, pg_restore into a fresh database', () => {
  const source = new pg.Client({ connectionString: sourceUrl });
  const admin = new pg.Client({ connectionString: sourceUrl });
  let work: string;

  beforeAll(async () => {
    await source.connect();
    await admin.connect();
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'kora-pgdump-'));
    await source.query(`create schema ${probe}`);
    await source.query(
      `create table ${probe}.posts (id bigserial primary key, content text not null, created_at timestamptz not null default now())`,
    );
    await source.query(
      `create table ${probe}.outbox (seq bigserial primary key, topic text not null, envelope jsonb not null, published_at timestamptz, next_attempt_at timestamptz not null default now())`,
    );
    await source.query(`insert into ${probe}.posts (content) select 'post ' || n || ' ₦ é 🙂' from generate_series(1, 500) n`);
    await source.query(
      `insert into ${probe}.outbox (topic, envelope) values ('posts.post', '{"type":"post.created"}'), ('posts.post', '{"type":"post.liked"}')`,
    );
    await source.query(`update ${probe}.outbox set published_at = now() where seq = 1`);
  });

  afterAll(async () => {
    await source.query(`drop schema if exists ${probe} cascade`).catch(() => {});
    await admin.query(`drop database if exists ${copyName} with (force)`).catch(() => {});
    await source.end();
    await admin.end();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('restores every schema and the rows, sequences and pending outbox rows with them', async () => {
    const dump = path.join(work, 'kora.dump');
    execFileSync('pg_dump', ['-Fc', '--no-owner', '-f', dump, sourceUrl], { stdio: 'pipe' });
    await admin.query(`create database ${copyName}`);
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '-d', copyUrl, dump], { stdio: 'pipe' });

    const copy = new pg.Client({ connectionString: copyUrl });
    await copy.connect();
    try {
      expect(await tablesOf(copy)).toEqual(await tablesOf(source));
      const rows = async (client: pg.Client) =>
        (
          await client.query<{ id: string; content: string; created_at: Date }>(
            `select id, content, created_at from ${probe}.posts order by id`,
          )
        ).rows;
      expect(await rows(copy)).toEqual(await rows(source));
      const pending = async () =>
        (await copy.query<{ n: number }>(`select count(*)::int as n from ${probe}.outbox where published_at is null`)).rows[0]!.n;
      expect(await pending()).toBe(1);
      // README's step after a restore (the statement README gives): every kept outbox row pending again, for the fresh topics.
      await copy.query(REPUBLISH_KEPT_OUTBOX_SQL);
      expect(await pending()).toBe(2);
      // Sequences come back where they were: the next id follows the restored rows. Read as text: how
      // node-postgres parses int8 is process-wide, set by whichever file loaded the platform first.
      expect(
        (await copy.query<{ id: string }>(`insert into ${probe}.posts (content) values ('after') returning id::text as id`)).rows[0]!.id,
      ).toBe('501');
    } finally {
      await copy.end();
    }
  }, 180_000);
});
