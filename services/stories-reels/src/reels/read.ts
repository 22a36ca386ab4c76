/**
 * Reading reels as a member sees them: the feed (newest first, a keyset page on id, served by
 * `reels_feed_idx`) and one reel, each one statement with the caller's like, the author's name and
 * avatar (members projection) and the video's state (videos projection).
 */
import { unknownMember, type Reel } from '@kora/contracts';
import { carriesNoWordMutedBy, notMutedBy, rowsOf } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import { reelNotFound } from './errors.js';
import { reelError, reelState, visibleTo } from './visibility.js';

interface ReelSqlRow {
  id: number | string;
  author_id: number | string;
  video_url: string;
  caption: string;
  like_count: number;
  comment_count: number;
  share_count: number;
  created_at: Date | string;
  username: string | null;
  display_name: string | null;
  profile_image: string | null;
  poster_url: string | null;
  duration_seconds: number | null;
  width: number | null;
  height: number | null;
  state: Reel['state'];
  error: string | null;
  has_liked: boolean;
}

/** The statement behind both reads: the reels `viewer` may see that match `where`, newest first. */
export function reelsQuery(sr: StoriesReels, viewer: number, where: SQL, limit: number): SQL {
  const t = sr.tables;
  return sql`
    select r.id, r.author_id, r.video_url, r.caption, r.like_count, r.comment_count, r.share_count, r.created_at,
      m.username, m.display_name, m.profile_image,
      case when ${reelState} = 'ready' then v.poster_url end as poster_url,
      case when ${reelState} = 'ready' then v.duration_seconds end as duration_seconds,
      v.width, v.height, ${reelState} as state, ${reelError} as error,
      exists (select 1 from ${t.reelLikes} as l where l.reel_id = r.id and l.user_id = ${viewer}) as has_liked
    from ${t.reels} as r
    left join ${t.videos} as v on v.video_id = r.video_id
    left join ${t.members} as m on m.user_id = r.author_id
    where ${where} and ${visibleTo(t, viewer)}
    order by r.id desc
    limit ${limit}`;
}

function toReel(row: ReelSqlRow): Reel {
  const authorId = Number(row.author_id);
  // The member snapshot lags a sign-up (other topic): such an author shows as contracts' unknown member.
  const unknown = unknownMember(authorId);
  const createdAt = row.created_at instanceof Date ? row.created_at : new Date(row.created_at);
  return {
    id: Number(row.id),
    videoUrl: row.video_url,
    caption: row.caption,
    authorUsername: row.username ?? unknown.username,
    likeCount: row.like_count,
    commentCount: row.comment_count,
    shareCount: row.share_count,
    hasLiked: row.has_liked,
    authorId,
    authorName: row.display_name ?? row.username ?? unknown.username,
    authorAvatar: row.profile_image ?? unknown.profileImage,
    posterUrl: row.poster_url,
    durationSeconds: row.duration_seconds === null ? null : Number(row.duration_seconds),
    width: row.width,
    height: row.height,
    state: row.state,
    error: row.error,
    createdAt: createdAt.toISOString(),
  };
}

export interface ReelPage {
  items: Reel[];
  /** The last id shown, when there may be more. */
  nextCursor: number | null;
}

/**
 * One page of the feed: reels older than `cursor` (an id; 0 or none is the first page), less those of
 * members the viewer muted and those whose caption carries a word they muted (decision 037; a muted
 * member's reel still opens by its link).
 */
export async function reelFeed(sr: StoriesReels, viewer: number, cursor: number | undefined, limit: number): Promise<ReelPage> {
  const { mutes } = sr.tables;
  const after = sql`${cursor ? sql`r.id < ${cursor}` : sql`true`} and ${notMutedBy(mutes, viewer, sql`r.author_id`)}
    and ${carriesNoWordMutedBy(mutes, viewer, sql`r.caption`)}`;
  const rows = rowsOf<ReelSqlRow>(await sr.ctx.db.execute(reelsQuery(sr, viewer, after, limit + 1)));
  const items = rows.slice(0, limit).map(toReel);
  return { items, nextCursor: rows.length > limit ? (items.at(-1)?.id ?? null) : null };
}

/** One reel, if `viewer` may see it; 404 "Reel not found" otherwise (a reel you may not see does not exist for you). */
export async function reelSeenBy(sr: StoriesReels, viewer: number, reelId: number): Promise<Reel> {
  const [row] = rowsOf<ReelSqlRow>(await sr.ctx.db.execute(reelsQuery(sr, viewer, sql`r.id = ${reelId}`, 1)));
  if (!row) throw reelNotFound();
  return toReel(row);
}
