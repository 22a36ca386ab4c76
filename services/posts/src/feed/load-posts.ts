/**
 * The batch assembler: a page of post rows (which already carry their author and the viewer's
 * liked/shared/saved flags: post-rows.ts) becomes the API's posts with the same queries whatever
 * the page size, sent side by side: the newest likers, the first comments with their authors, and
 * the videos' states when the page has videos — each for every post at once, never one per post.
 */
import { mediaTypeOf, unknownMember, type Post, type PostComment, type PostVideo } from '@kora/contracts';
import { preparedSql } from '@kora/platform';
import { inArray, sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { PostsTables } from '../db/schema.js';
import type { PostRow } from './post-rows.js';

/** Lists carry this many likers (the caller is added when they liked) and this many comments. */
export const LIST_LIKERS = 50;
export const LIST_COMMENTS = 50;
/** The single-post page carries more of the conversation. */
export const SINGLE_POST_COMMENTS = 1_000;

export async function loadPosts(posts: Posts, rows: PostRow[], viewer: number, options: { comments: number } = { comments: LIST_COMMENTS }): Promise<Post[]> {
  if (rows.length === 0) return [];
  const { db } = posts.ctx;
  const t = posts.tables;
  const ids = rows.map((r) => r.id);
  const videoUrls = [...new Set(rows.flatMap((r) => r.media.filter((url) => mediaTypeOf(url) === 'video')))];

  const statements = pageStatements(t);
  const [likes, comments, videos] = await Promise.all([
    statements.likers.rows<{ post_id: number | string; user_id: number | string }>(db, { ids }),
    statements.comments.rows<CommentRow>(db, { ids, limit: options.comments }),
    videoUrls.length === 0 ? Promise.resolve([]) : db.select().from(t.videos).where(inArray(t.videos.url, videoUrls)),
  ]);

  const likersByPost = groupBy(likes, (l) => Number(l.post_id), (l) => Number(l.user_id));
  const commentsByPost = groupBy(
    comments,
    (c) => Number(c.post_id),
    (c): PostComment => {
      const userId = Number(c.user_id);
      const author = c.username === null ? unknownMember(userId) : { username: c.username, profileImage: c.profile_image! };
      return { id: Number(c.id), userId, ...author, content: c.content, createdAt: new Date(c.created_at).toISOString() };
    },
  );
  const videoByUrl = new Map(videos.map((v) => [v.url, v]));

  return rows.map((row) => {
    // The viewer always sees their own like listed: last, being older than the newest ones.
    const newest = likersByPost.get(row.id) ?? [];
    const likers = row.hasLiked && !newest.includes(viewer) ? [...newest, viewer] : newest;
    // A member whose snapshot has not reached the projection yet (it lags their sign-up).
    const author = row.author ?? unknownMember(row.authorId);
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
      hasLiked: row.hasLiked,
      comments: commentsByPost.get(row.id) ?? [],
      commentCount: row.commentCount,
      shareCount: row.shareCount,
      hasShared: row.hasShared,
      hasSaved: row.hasSaved,
      createdAt: row.createdAt.toISOString(),
      isShadowHidden: row.shadowHidden,
    };
  });
}

interface CommentRow {
  id: number | string;
  post_id: number | string;
  user_id: number | string;
  content: string;
  created_at: Date | string;
  username: string | null;
  profile_image: string | null;
}

/**
 * The statements every page of posts runs, made once per schema (prepared-sql.ts): the newest likers
 * of each post through `likes_recent_idx` (the viewer's own like, when older than these, is added
 * from the row's flag), and the first comments of each post, oldest first, through
 * `comments_post_idx`, with how their authors show.
 */
const pageStatementsByTables = new WeakMap<PostsTables, ReturnType<typeof makePageStatements>>();

function pageStatements(tables: PostsTables) {
  let statements = pageStatementsByTables.get(tables);
  if (!statements) pageStatementsByTables.set(tables, (statements = makePageStatements(tables)));
  return statements;
}

function makePageStatements(t: PostsTables) {
  const ids = sql`${sql.placeholder('ids')}::bigint[]`;
  return {
    likers: preparedSql<{ ids: number[] }>(sql`
      select l.post_id, l.user_id from unnest(${ids}) as i(id)
      cross join lateral (
        select post_id, user_id, created_at from ${t.likes}
        where post_id = i.id order by created_at desc, user_id desc limit ${LIST_LIKERS}
      ) as l
      order by l.post_id, l.created_at desc, l.user_id desc`),
    comments: preparedSql<{ ids: number[]; limit: number }>(sql`
      select c.id, c.post_id, c.user_id, c.content, c.created_at, au.username, au.profile_image from unnest(${ids}) as i(id)
      cross join lateral (
        select id, post_id, user_id, content, created_at from ${t.comments}
        where post_id = i.id order by created_at, id limit ${sql.placeholder('limit')}
      ) as c
      left join ${t.authors} as au on au.user_id = c.user_id
      order by c.post_id, c.created_at, c.id`),
  };
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
