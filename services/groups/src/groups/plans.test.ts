/**
 * The lists' queries are served by their indexes, on PGlite and on real PostgreSQL: the search on
 * every tab by the trigram index over title and description, Discover's order by
 * `groups_popular_idx`, Joined Groups by `memberships_joined_idx`, My Groups by `groups_owner_idx`.
 * Sequential scans are switched off for the EXPLAIN, so a plan names an index only if that index
 * can answer the query (as shared/platform/src/db/search-text.test.ts does).
 */
import { groupListQuery } from '@kora/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { memberIds, useGroupsService } from '../test-support.js';
import { tabQuery } from './list.js';

describe(`the groups lists' query plans (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const service = useGroupsService();
  const userId = memberIds()();

  async function plan(query: Record<string, string>): Promise<string> {
    const { svc } = service;
    const built = tabQuery(svc.ctx.db, svc.tables, userId, groupListQuery.parse(query)).toSQL();
    return svc.adapters.database.rawTransaction(async (raw) => {
      await raw.exec('set local enable_seqscan = off');
      const rows = await raw.query<{ 'QUERY PLAN': string }>(`explain ${built.sql}`, built.params);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
  }

  it('serves the search on every tab from the trigram index', async () => {
    const { svc } = service;
    const g = svc.tables.groups;
    await svc.ctx.db.execute(
      sql`insert into ${g} (owner_id, title, description, member_count) select ${userId}::bigint + (i % 7), 'Group ' || i, 'About ' || i, i % 50 from generate_series(1, 500) as i`,
    );
    await svc.ctx.db.execute(sql`analyze ${g}`);
    expect(await plan({ tab: 'discover', q: 'café' })).toContain('groups_search_idx');
    expect(await plan({ tab: 'mine', q: 'café' })).toMatch(/groups_search_idx|groups_owner_idx/);
  });

  it('reads each tab in its index order', async () => {
    expect(await plan({ tab: 'discover' })).toContain('groups_popular_idx');
    expect(await plan({ tab: 'joined' })).toContain('memberships_joined_idx');
    expect(await plan({ tab: 'mine' })).toContain('groups_owner_idx');
  });
});
