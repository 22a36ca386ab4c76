/**
 * The search-text folding on PGlite (embedded) and, with KORA_TEST_TARGET=real, on PostgreSQL: the
 * extensions exist on both, the wrapper folds case and accents, a member's wildcard is a plain
 * character, several migrations may make it at once, and the trigram index serves the query.
 */
import { createTestAdapters, uniqueName, type TestAdapters } from '@kora/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from './migrate.js';
import { rowsOf } from './rows.js';
import { searchTextContains, searchTextSql } from './search-text.js';

describe(`search text (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let adapters: TestAdapters;
  const schema = uniqueName('search');

  beforeAll(async () => {
    adapters = await createTestAdapters();
    const table = {
      id: '0001_titles',
      sql: `${searchTextSql}
        create table {schema}.titles (id int primary key, title text not null);
        create index titles_search_idx on {schema}.titles using gin (public.kora_search_text(title) public.gin_trgm_ops);`,
    };
    // Three schemas migrating at once, as services do at start-up, all making the extensions.
    await Promise.all([schema, `${schema}_b`, `${schema}_c`].map((name) => migrate(adapters.database, name, [table])));
    await adapters.database.db.execute(
      sql.raw(
        `insert into ${schema}.titles values (1, 'Lagos Café Lovers'), (2, 'ÀBÚJÁ Tech Meetup'), (3, '100% Naija'), (4, '1000 Naija')`,
      ),
    );
  });

  afterAll(async () => {
    await adapters?.close();
  });

  async function find(query: string): Promise<number[]> {
    const rows = rowsOf<{ id: number }>(
      await adapters.database.db.execute(
        sql`select id from ${sql.raw(schema)}.titles where ${searchTextContains(sql`title`, query)} order by id`,
      ),
    );
    return rows.map((r) => r.id);
  }

  it('finds words whatever their case and accents, in the text or the query', async () => {
    expect(await find('cafe')).toEqual([1]);
    expect(await find('abuja tech')).toEqual([2]);
    expect(await find('CAFÉ')).toEqual([1]);
    expect(await find('meetups')).toEqual([]);
  });

  it('wants every word of the query, in any order', async () => {
    expect(await find('lovers CAFE')).toEqual([1]);
    expect(await find('  tech   abuja ')).toEqual([2]);
    expect(await find('cafe tech')).toEqual([]);
  });

  it('takes % and _ in a query as the characters themselves', async () => {
    expect(await find('100%')).toEqual([3]);
    expect(await find('_')).toEqual([]);
  });

  it('is answered by the trigram index', async () => {
    const plan = await adapters.database.rawTransaction(async (raw) => {
      await raw.exec('set local enable_seqscan = off');
      return raw.query<{ 'QUERY PLAN': string }>(
        `explain select id from ${schema}.titles where public.kora_search_text(title) like '%' || public.kora_search_text('cafe') || '%'`,
      );
    });
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('titles_search_idx');
  });
});
