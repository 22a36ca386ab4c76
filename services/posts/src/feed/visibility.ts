/**
 * Who may see which post, in one place for every query that reads posts (decisions 009 and 020):
 * - never a deleted post, and a shadow-hidden one only its author;
 * - the author's profile audience (privacy setting `profileVisibility`): `everyone`, `friends`
 *   (their friends and themselves) or `only_me`; a member with no privacy row has the default,
 *   everyone;
 * - a member the post's text mentions sees it whatever its audience: the author chose to show it
 *   to them, and they must see what they are asked to approve;
 * - a group's post (decision 021) only while its group exists, and then everyone when the group is
 *   public, its approved members when it is private: the group's audience replaces the author's
 *   profile audience and the mention exception (mentioning an outsider does not open a private
 *   group to them);
 * - never a post by a member the viewer blocked or was blocked by (decisions 036 and 037), wherever
 *   it is: the same 404 as a missing post.
 * A post the viewer may not see does not exist for them: every route answers 404 for it. Each rule
 * is SQL inside the page's own statement (an anti-join on the privacy and friendship projections),
 * never a check per row in JavaScript.
 */
import { notBlockedWith, rowsOf } from '@kora/platform/service';
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

/** Whether `viewer` is in the audience of group `groupId`: it exists, and is public or has them as a member. */
export function inGroupAudience(t: PostsTables, viewer: Viewer, groupId: SQL): SQL {
  return sql`exists (select 1 from ${t.groups} as vg where vg.group_id = ${groupId}
    and (vg.privacy = 'public' or exists (
      select 1 from ${t.groupMembers} as vgm where vgm.group_id = vg.group_id and vgm.user_id = ${viewer})))`;
}

/** Posts aliased `p` that are on a timeline, or in a group whose audience holds `viewer`. */
export function groupAllows(t: PostsTables, viewer: Viewer): SQL {
  return sql`(p.group_id is null or ${inGroupAudience(t, viewer, sql`p.group_id`)})`;
}

/** The audience of posts aliased `p`: their group's for group posts, else the author's (and the post's mentions). */
export function inPostAudience(t: PostsTables, viewer: Viewer): SQL {
  return sql`case when p.group_id is null
    then ${inAudienceOf(t, viewer, sql`p.author_id`)} or exists (
      select 1 from ${t.mentions} as mv where mv.post_id = p.id and mv.comment_id is null and mv.mentioned_user_id = ${viewer})
    else ${inGroupAudience(t, viewer, sql`p.group_id`)} end`;
}

/** Whether `viewer` and `member` are not kept apart by a block, either way (decision 036). */
export function notBlocked(t: PostsTables, viewer: Viewer, member: SQL): SQL {
  return notBlockedWith(t.blocks, viewer, member);
}

/** What `viewer` may see of posts aliased `p`. */
export function visibleTo(t: PostsTables, viewer: Viewer): SQL {
  return sql`${liveTo(viewer)} and (${inPostAudience(t, viewer)}) and ${notBlocked(t, viewer, sql`p.author_id`)}`;
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

/**
 * The groups whose posts enter `viewer`'s feed, aliased `g`: those they are an approved member of
 * (a public group they are not in stays on its page; they did not ask for its posts).
 */
export function feedGroups(t: PostsTables, viewer: Viewer): SQL {
  return sql`(select gm.group_id from ${t.groupMembers} as gm
      where gm.user_id = ${viewer} and exists (select 1 from ${t.groups} as fg where fg.group_id = gm.group_id)) as g`;
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
  /** The group it was posted in, or null. */
  groupId: number | null;
}

/** The post, if the viewer may see it. */
export async function visiblePost(posts: Posts, viewer: number, postId: number): Promise<VisiblePost | undefined> {
  const rows = rowsOf<{ id: number; author_id: number; group_id: number | null }>(
    await posts.ctx.db.execute(sql`select p.id, p.author_id, p.group_id from (${visibleRow(posts.tables, viewer, postId)}) as p`),
  );
  const row = rows[0];
  return row && { id: Number(row.id), authorId: Number(row.author_id), groupId: row.group_id === null ? null : Number(row.group_id) };
}
