/**
 * Groups search over the groups projection (decision 025): title and description hold every word
 * (unaccented, any case; `groups_search_idx`). Public and private groups alike, as groups' own
 * discover list shows them: a private group's card is public, its posts are not (they stay behind
 * feed/visibility.ts). Titles closest to the query first, then the bigger groups.
 */
import type { SearchGroup } from '@kora/contracts';
import { rowsOf, searchTextContains } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { offsetPage, type RankedWindow } from './ranked-cursor.js';

type GroupRow = Omit<SearchGroup, 'group_id' | 'group_members'> & { group_id: number | string; group_members: number | string };

export async function searchGroups(
  posts: Posts,
  query: string,
  window: RankedWindow,
): Promise<{ items: SearchGroup[]; nextCursor: string | null }> {
  const { groups, groupMembers } = posts.tables;
  const rows = rowsOf<GroupRow>(
    await posts.ctx.db.execute(sql`
      select g.group_id, g.title as group_title, g.picture as group_picture,
        (select count(*) from ${groupMembers} as gm where gm.group_id = g.group_id)::int as group_members,
        g.description as group_description, g.privacy
      from ${groups} as g
      where ${searchTextContains(sql`g.title || ' ' || g.description`, query)}
      order by public.similarity(public.kora_search_text(g.title), public.kora_search_text(${query})) desc, group_members desc, g.group_id
      limit ${window.take} offset ${window.offset}`),
  );
  // Keys in the schema's order.
  const items = rows.map((r) => ({
    group_id: Number(r.group_id),
    group_title: r.group_title,
    group_picture: r.group_picture,
    group_members: Number(r.group_members),
    group_description: r.group_description,
    privacy: r.privacy,
  }));
  return offsetPage(items, window);
}
