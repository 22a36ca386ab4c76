/**
 * The right panel's "Shares" (decision 025): what the caller's friends shared most recently, one
 * entry per post (its latest share by a friend), only posts the caller may see (visibleTo).
 */
import { rowsOf } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { postsOf } from '../feed/pages.js';
import { visibleTo } from '../feed/visibility.js';
import { cardsById } from './member-cards.js';

type ShareRow = { post_id: number | string; user_id: number | string; shared_at: string };

/** The answer's JSON text (`friendShareSchema` items, keys in its order): each post is the feed's JSON already. */
export async function friendSharesJson(posts: Posts, viewer: number, limit: number): Promise<string> {
  const { shares, friendships, posts: postsTable } = posts.tables;
  const picked = rowsOf<ShareRow>(
    await posts.ctx.db.execute(sql`
      select s.post_id, s.user_id, to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as shared_at from (
        select distinct on (s.post_id) s.post_id, s.user_id, s.created_at
        from ${friendships} as f
        join ${shares} as s on s.user_id = f.friend_id
        join ${postsTable} as p on p.id = s.post_id
        where f.user_id = ${viewer} and ${visibleTo(posts.tables, viewer)}
        order by s.post_id, s.created_at desc, s.user_id desc
      ) as s
      order by s.created_at desc, s.post_id desc
      limit ${limit}`),
  );
  if (picked.length === 0) return '[]';
  const ids = sql.join(
    picked.map((r) => sql`${Number(r.post_id)}::bigint`),
    sql`, `,
  );
  const postRows = await postsOf(posts, viewer, sql`select p.*, p.created_at as sort_at from ${postsTable} as p where p.id in (${ids})`);
  const postText = new Map(postRows.map((r) => [Number(r.id), r.post]));
  const cards = await cardsById(
    posts,
    picked.map((r) => Number(r.user_id)),
  );
  const items = picked.flatMap((r) => {
    const post = postText.get(Number(r.post_id));
    const card = cards.get(Number(r.user_id));
    // A friend the snapshot does not know yet, or a post gone since the first read: left out.
    return post && card ? [`{"sharedBy":${JSON.stringify(card)},"sharedAt":${JSON.stringify(r.shared_at)},"post":${post}}`] : [];
  });
  return `[${items.join(',')}]`;
}
