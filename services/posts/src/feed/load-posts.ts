/**
 * The batch assembler: a page of post rows becomes the API's posts with the same six queries
 * whatever the page size (likes, comments, saves, shares, videos, then the authors of the posts and
 * of their comments), each for every post id at once — never one query per post.
 */
import { mediaTypeOf, type Post, type PostComment, type PostVideo } from '@kora/contracts';
import { rowsOf } from '@kora/platform';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { authorViews } from '../projections/authors.js';
import type { PostRow } from './post-rows.js';

/** Lists carry this many likers (the caller is added when they liked) and this many comments. */
export const LIST_LIKERS = 50;
export const LIST_COMMENTS = 50;
/** The single-post page carries more of the conversation. */
export const SINGLE_POST_COMMENTS = 1_000;

const idArray = (ids: number[]) => sql`${sql.param(ids)}::bigint[]`;

export async function loadPosts(posts: Posts, rows: PostRow[], viewer: number, options: { comments: number } = { comments: LIST_COMMENTS }): Promise<Post[]> {
  if (rows.length === 0) return [];
  const { db } = posts.ctx;
  const t = posts.tables;
  const ids = rows.map((r) => r.id);
  const videoUrls = [...new Set(rows.flatMap((r) => r.media.filter((url) => mediaTypeOf(url) === 'video')))];

  const [likes, comments, saved, shared, videos] = await Promise.all([
    // The newest likers of each post through `likes_recent_idx`, plus the viewer's own like.
    db
      .execute(sql`
        select l.post_id, l.user_id, l.created_at from unnest(${idArray(ids)}) as i(id)
        cross join lateral (
          select post_id, user_id, created_at from ${t.likes}
          where post_id = i.id order by created_at desc, user_id desc limit ${LIST_LIKERS}
        ) as l
        union
        select post_id, user_id, created_at from ${t.likes} where user_id = ${viewer} and post_id = any(${idArray(ids)})
        order by post_id, created_at desc, user_id desc`)
      .then((r) => rowsOf<{ post_id: number | string; user_id: number | string }>(r)),
    // The first comments of each post, oldest first, through `comments_post_idx`.
    db
      .execute(sql`
        select c.id, c.post_id, c.user_id, c.content, c.created_at from unnest(${idArray(ids)}) as i(id)
        cross join lateral (
          select id, post_id, user_id, content, created_at from ${t.comments}
          where post_id = i.id order by created_at, id limit ${options.comments}
        ) as c
        order by c.post_id, c.created_at, c.id`)
      .then((r) => rowsOf<{ id: number | string; post_id: number | string; user_id: number | string; content: string; created_at: Date | string }>(r)),
    db.select({ postId: t.saves.postId }).from(t.saves).where(and(eq(t.saves.userId, viewer), inArray(t.saves.postId, ids))),
    db.select({ postId: t.shares.postId }).from(t.shares).where(and(eq(t.shares.userId, viewer), inArray(t.shares.postId, ids))),
    videoUrls.length === 0 ? Promise.resolve([]) : db.select().from(t.videos).where(inArray(t.videos.url, videoUrls)),
  ]);

  const people = [...new Set([...rows.map((r) => r.authorId), ...comments.map((c) => Number(c.user_id))])];
  const authorOf = await authorViews(db, t, people);

  const likersByPost = groupBy(likes, (l) => Number(l.post_id), (l) => Number(l.user_id));
  const commentsByPost = groupBy(
    comments,
    (c) => Number(c.post_id),
    (c): PostComment => {
      const userId = Number(c.user_id);
      return { id: Number(c.id), userId, ...authorOf(userId), content: c.content, createdAt: new Date(c.created_at).toISOString() };
    },
  );
  const savedIds = new Set(saved.map((s) => s.postId));
  const sharedIds = new Set(shared.map((s) => s.postId));
  const videoByUrl = new Map(videos.map((v) => [v.url, v]));

  return rows.map((row) => {
    // Distinct already: the query's `union` drops the viewer's like when it is among the newest.
    const likers = likersByPost.get(row.id) ?? [];
    const author = authorOf(row.authorId);
    const videoList = row.media.filter((url) => mediaTypeOf(url) === 'video');
    return {
      id: row.id,
      author: { id: row.authorId, ...author },
      content: row.content,
      images: row.media.filter((url) => mediaTypeOf(url) === 'image'),
      videos: videoList,
      videoDetails: videoList.map((url): PostVideo => {
        const v = videoByUrl.get(url);
        // No row yet: media's event has not reached us, so the video is still being processed.
        return v
          ? { url, status: v.status, posterUrl: v.posterUrl, durationSeconds: v.durationSeconds, error: v.error }
          : { url, status: 'processing', posterUrl: null, durationSeconds: null, error: null };
      }),
      likes: likers.map((userId) => ({ userId })),
      likeCount: row.likeCount,
      hasLiked: likers.includes(viewer),
      comments: commentsByPost.get(row.id) ?? [],
      commentCount: row.commentCount,
      shareCount: row.shareCount,
      hasShared: sharedIds.has(row.id),
      hasSaved: savedIds.has(row.id),
      createdAt: row.createdAt.toISOString(),
      isShadowHidden: row.shadowHidden,
    };
  });
}

function groupBy<T, V>(items: T[], key: (item: T) => number, value: (item: T) => V): Map<number, V[]> {
  const groups = new Map<number, V[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(value(item));
    else groups.set(k, [value(item)]);
  }
  return groups;
}
