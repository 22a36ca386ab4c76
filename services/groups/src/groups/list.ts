/**
 * The Groups page's lists (docs/product/groups.md): one tab at a time, optionally searched, a page at a time.
 * - discover: groups the caller has no row in (public and private: a private one is asked to
 *   join), most members first, then the newest (`groups_popular_idx`);
 * - joined: the caller's rows, approved or pending, owner included, most recently joined or
 *   asked first (`memberships_joined_idx`);
 * - mine: the groups the caller owns, newest first (`groups_owner_idx`).
 * `q` filters every tab on title and description, case- and accent-insensitively
 * (`groups_search_idx`). The product's cursor is a number: the offset of the page (decision 021).
 */
import type { GroupListAnswer, GroupListQuery } from '@kora/contracts';
import { searchTextContains, type DbOrTx } from '@kora/platform/service';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Groups } from '../context.js';
import type { GroupsTables } from '../db/schema.js';
import { toGroupItem } from './view.js';

export async function groupList(groups: Groups, userId: number, query: GroupListQuery): Promise<GroupListAnswer> {
  const rows = await tabQuery(groups.ctx.db, groups.tables, userId, query);
  const items = rows.slice(0, query.limit).map((r) => toGroupItem(r.group, r.status === null ? null : { status: r.status, role: r.role }));
  return { items, nextCursor: rows.length > query.limit ? query.cursor + items.length : null };
}

/**
 * The page's query, one row more than asked (is there a next page?). plans.test.ts checks its plan
 * and the bench (tests/bench/groups-search.ts) runs it bare on PostgreSQL as its yardstick.
 */
export function tabQuery(db: DbOrTx, tables: GroupsTables, userId: number, query: GroupListQuery) {
  const { groups: g, memberships: m } = tables;
  const matches: SQL | undefined = query.q === '' ? undefined : searchTextContains(sql`${g.title} || ' ' || ${g.description}`, query.q);
  const page = { offset: query.cursor, limit: query.limit + 1 };

  if (query.tab === 'joined') {
    return db
      .select({ group: g, status: m.status, role: m.role })
      .from(m)
      .innerJoin(g, eq(g.id, m.groupId))
      .where(and(eq(m.userId, userId), matches))
      .orderBy(desc(sql`coalesce(${m.joinedAt}, ${m.requestedAt})`), desc(m.groupId))
      .offset(page.offset)
      .limit(page.limit);
  }
  if (query.tab === 'mine') {
    return db
      .select({ group: g, status: sql<'approved'>`'approved'`, role: sql<'owner'>`'owner'` })
      .from(g)
      .where(and(eq(g.ownerId, userId), matches))
      .orderBy(desc(g.id))
      .offset(page.offset)
      .limit(page.limit);
  }
  const notJoined = sql`not exists (select 1 from ${m} where ${m.groupId} = ${g.id} and ${m.userId} = ${userId})`;
  return db
    .select({ group: g, status: sql<null>`null`, role: sql<null>`null` })
    .from(g)
    .where(and(notJoined, matches))
    .orderBy(desc(g.memberCount), desc(g.id))
    .offset(page.offset)
    .limit(page.limit);
}
