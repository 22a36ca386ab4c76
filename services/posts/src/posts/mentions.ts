/**
 * Recording the `@username` mentions of a new post or comment, in the transaction that writes it
 * (decision 020, "Mentions and tag review"). Names are those of the member snapshot, matched
 * case-insensitively; a name nobody has stays plain text, as does a member's own name and every
 * name past the first MAX_MENTIONS_PER_TEXT members. A member who reviews tags (privacy
 * `tagReview`) gets a pending mention: not linked, and the post not on their profile, until they
 * approve it. Each mention is announced (`post.mentioned`) for the notifications service. A member
 * blocked either way with the writer stays plain text and is never told (decision 036).
 */
import { excerpt, MAX_MENTIONS_PER_TEXT, mentionTokens, type PostMention } from '@kora/contracts';
import { notBlockedWith, rowsOf, type Emit, type Tx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { visibleTo } from '../feed/visibility.js';

export interface MentionSource {
  postId: number;
  postOwnerId: number;
  /** null: the post's own text. */
  commentId: number | null;
  actorId: number;
  text: string;
  /** A group's post: mentioning someone does not show it to them (decision 021). */
  inGroup?: boolean;
}

interface Named {
  userId: number;
  handle: string;
  tagReview: boolean;
}

/** The members `text` names, in the order it names them, at most MAX_MENTIONS_PER_TEXT, never `actorId` nor one blocked with them. */
async function namedMembers(posts: Posts, tx: Tx, text: string, actorId: number): Promise<Named[]> {
  const tokens = mentionTokens(text);
  if (tokens.length === 0) return [];
  const { members, privacy } = posts.tables;
  const wanted = [...new Set(tokens.flatMap((t) => t.names.map((n) => n.toLowerCase())))];
  const rows = rowsOf<{ user_id: number; name: string; tag_review: boolean | null }>(
    await tx.execute(sql`
      select m.user_id, lower(m.username) as name, mp.tag_review from ${members} as m
      left join ${privacy} as mp on mp.user_id = m.user_id
      where lower(m.username) = any(${sql.param(wanted)}::text[]) and ${notBlockedWith(posts.tables.blocks, actorId, sql`m.user_id`)}`),
  );
  const byName = new Map(rows.map((r) => [r.name, r]));
  const named = new Map<number, Named>();
  for (const token of tokens) {
    if (named.size === MAX_MENTIONS_PER_TEXT) break;
    const handle = token.names.find((n) => byName.has(n.toLowerCase()));
    const row = handle === undefined ? undefined : byName.get(handle.toLowerCase());
    if (!row || Number(row.user_id) === actorId || named.has(Number(row.user_id))) continue;
    named.set(Number(row.user_id), { userId: Number(row.user_id), handle: handle!, tagReview: row.tag_review ?? false });
  }
  return [...named.values()];
}

/**
 * Of `candidates`, those who may see the post. A comment cannot show someone else's post to a
 * member outside its audience, so a commenter's mention of such a member stays plain text (the
 * author's own mentions in a timeline post are what grants sight: visibility.ts). Nor can a group
 * post's own text show it outside the group's audience: there too a mention of an outsider stays
 * plain text, and nobody is told of a post they cannot open.
 */
async function whoMaySee(posts: Posts, tx: Tx, postId: number, candidates: Named[]): Promise<Named[]> {
  if (candidates.length === 0) return [];
  const ids = candidates.map((c) => c.userId);
  const rows = rowsOf<{ id: number }>(
    await tx.execute(sql`
      select u.id from unnest(${sql.param(ids)}::bigint[]) as u(id)
      where exists (select 1 from ${posts.tables.posts} as p where p.id = ${postId} and ${visibleTo(posts.tables, sql`u.id`)})`),
  );
  const allowed = new Set(rows.map((r) => Number(r.id)));
  return candidates.filter((c) => allowed.has(c.userId));
}

/** Stores and announces the mentions of `source`; answers the approved ones, as the text's `mentions` field lists them. */
export async function recordMentions(posts: Posts, tx: Tx, emit: Emit, source: MentionSource): Promise<PostMention[]> {
  let named = await namedMembers(posts, tx, source.text, source.actorId);
  if (source.commentId !== null || source.inGroup) named = await whoMaySee(posts, tx, source.postId, named);
  if (named.length === 0) return [];
  const { mentions } = posts.tables;
  const rows = await tx
    .insert(mentions)
    .values(
      named.map((n) => ({
        postId: source.postId,
        commentId: source.commentId,
        mentionedUserId: n.userId,
        actorId: source.actorId,
        handle: n.handle,
        status: n.tagReview ? ('pending' as const) : ('approved' as const),
      })),
    )
    .returning({ id: mentions.id, userId: mentions.mentionedUserId, handle: mentions.handle, status: mentions.status });
  const text = excerpt(source.text);
  for (const row of rows) {
    emit({
      type: 'post.mentioned',
      aggregateId: source.postId,
      actorId: source.actorId,
      payload: {
        postId: source.postId,
        postOwnerId: source.postOwnerId,
        actorId: source.actorId,
        mentionId: row.id,
        mentionedUserId: row.userId,
        commentId: source.commentId,
        excerpt: text,
        pending: row.status === 'pending',
      },
    });
  }
  return rows.filter((r) => r.status === 'approved').map((r) => ({ userId: r.userId, username: r.handle }));
}
