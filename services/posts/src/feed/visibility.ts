/**
 * Who may see which post, in one place for every query that reads posts (decisions 009 and 020):
 * - never a deleted post, and a shadow-hidden one only its author;
 * - the author's profile audience (privacy setting `profileVisibility`): `everyone`, `friends`
 *   (their friends and themselves) or `only_me`; a member with no privacy row has the default,
 *   everyone;
 * - a member the post's text mentions sees it whatever its audience: the author chose to show it
 *   to them, and they must see what they are asked to approve.
 * A post the viewer may not see does not exist for them: every route answers 404 for it. Each rule
 * is SQL inside the page's own statement (an anti-join on the privacy and friendship projections),
 * never a check per row in JavaScript.
 */
import { rowsOf } from '@kora/platform/service';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { PostsTables } from '../db/schema.js';

type Viewer = number | Placeholder | SQL;

/** Deleted and shadow-hidden posts, aliased `p`. */
export function liveTo(viewer: Viewer): SQL {
  return sql`p.deleted_at is null and (not p.shadow_hidden or p.author_id = ${viewer})`;
}

/** Whether `viewer` is inside the profile audience of `member` (`audienceAllows` of the platform, in SQL). */
export function inAudienceOf(t: PostsTables, viewer: Viewer, member: SQL): SQL {
  return sql`(${member} = ${viewer} or not exists (
    select 1 from ${t.privacy} as mp where mp.user_id = ${member}
      and (mp.profile_visibility = 'only_me' or (mp.profile_visibility = 'friends'
        and not exists (select 1 from ${t.friendships} as vf where vf.user_id = ${viewer} and vf.friend_id = ${member})))))`;
}

/** What `viewer` may see of posts aliased `p`. */
export function visibleTo(t: PostsTables, viewer: Viewer): SQL {
  return sql`${liveTo(viewer)} and (${inAudienceOf(t, viewer, sql`p.author_id`)} or exists (
    select 1 from ${t.mentions} as mv where mv.post_id = p.id and mv.comment_id is null and mv.mentioned_user_id = ${viewer}))`;
}

/**
 * The authors of `viewer`'s feed: themselves and their friends, less friends who show their posts
 * to nobody (`only_me`). Friends are inside a `friends` audience, so the rule is one anti-join per
 * friend, not a test per post.
 */
export function feedAuthors(t: PostsTables, viewer: Viewer): SQL {
  return sql`
      select ${viewer}::bigint as author_id
      union
      select f.friend_id from ${t.friendships} as f where f.user_id = ${viewer}
        and not exists (select 1 from ${t.privacy} as mp where mp.user_id = f.friend_id and mp.profile_visibility = 'only_me')`;
}

/** The one post `postId` as a page of one row (`p.*` and its sort time), if `viewer` may see it. */
export function visibleRow(tables: PostsTables, viewer: number, postId: number): SQL {
  return sql`
    select p.*, p.created_at as sort_at from ${tables.posts} as p
    where p.id = ${postId} and ${visibleTo(tables, viewer)}
    limit 1`;
}

/** A post a route acts on (like, comment, share, save, delete). */
export interface VisiblePost {
  id: number;
  authorId: number;
}

/** The post, if the viewer may see it. */
export async function visiblePost(posts: Posts, viewer: number, postId: number): Promise<VisiblePost | undefined> {
  const rows = rowsOf<{ id: number; author_id: number }>(
    await posts.ctx.db.execute(sql`select p.id, p.author_id from (${visibleRow(posts.tables, viewer, postId)}) as p`),
  );
  return rows[0] && { id: rows[0].id, authorId: rows[0].author_id };
}
