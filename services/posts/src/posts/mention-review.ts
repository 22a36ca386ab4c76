/**
 * Reviewing mentions (decision 020, "Mentions and tag review"): only the member mentioned answers;
 * a pending mention becomes approved (linked, and the post on their profile when it is in the
 * post's text) or declined (plain text for good). Giving the same answer again changes nothing;
 * the other answer after a review is refused (409). A mention of a deleted post is gone (404).
 */
import { excerpt, type MentionReviewAnswer, type PendingMention, unknownMember } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { and, eq, sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import { mentionNotFound, mentionReviewed, notMentioned } from '../errors.js';
import { isoSql, verifiedSql } from '../feed/post-json.js';
import { groupAllows, liveTo } from '../feed/visibility.js';

type Decision = MentionReviewAnswer['status'];

export async function reviewMention(posts: Posts, memberId: number, mentionId: number, decision: Decision): Promise<MentionReviewAnswer> {
  const { mentions, posts: postsTable } = posts.tables;
  return posts.ctx.transact(async (tx, emit) => {
    // Locked: two answers at once are taken one after the other, so only one can change it.
    const rows = rowsOf<{ mentioned_user_id: number; status: string; post_id: number; author_id: number }>(
      await tx.execute(sql`
        select m.mentioned_user_id, m.status, m.post_id, p.author_id from ${mentions} as m
        join ${postsTable} as p on p.id = m.post_id
        where m.id = ${mentionId} and ${liveTo(memberId)} and ${groupAllows(posts.tables, memberId)}
        for update of m`),
    );
    const row = rows[0];
    if (!row) throw mentionNotFound();
    if (Number(row.mentioned_user_id) !== memberId) throw notMentioned();
    if (row.status === decision) return { mentionId, status: decision };
    if (row.status !== 'pending') throw mentionReviewed(row.status as Decision);
    await tx
      .update(mentions)
      .set({ status: decision, reviewedAt: posts.now() })
      .where(and(eq(mentions.id, mentionId), eq(mentions.status, 'pending')));
    emit({
      type: 'post.mention-reviewed',
      aggregateId: Number(row.post_id),
      actorId: memberId,
      payload: {
        postId: Number(row.post_id),
        postOwnerId: Number(row.author_id),
        mentionId,
        mentionedUserId: memberId,
        approved: decision === 'approved',
      },
    });
    return { mentionId, status: decision };
  });
}

/** At most this many pending mentions are listed, newest first: a review queue, not an archive. */
export const PENDING_MENTIONS_LIMIT = 100;

/** The member's mentions waiting for review, on posts that still exist for them. */
export async function pendingMentions(posts: Posts, memberId: number): Promise<PendingMention[]> {
  const { mentions, posts: postsTable, comments, members } = posts.tables;
  const rows = rowsOf<{
    id: number;
    post_id: number;
    comment_id: number | null;
    actor_id: number;
    username: string | null;
    display_name: string | null;
    profile_image: string | null;
    verified: boolean;
    text: string;
    created_at: string;
  }>(
    await posts.ctx.db.execute(sql`
      select m.id, m.post_id, m.comment_id, m.actor_id, au.username, au.display_name, au.profile_image,
        ${verifiedSql(sql`au`, sql`${posts.now().toISOString()}::timestamptz`)},
        coalesce(c.content, p.content) as text, ${isoSql(sql`m.created_at`)} as created_at
      from ${mentions} as m
      join ${postsTable} as p on p.id = m.post_id
      left join ${comments} as c on c.id = m.comment_id
      left join ${members} as au on au.user_id = m.actor_id
      where m.mentioned_user_id = ${memberId} and m.status = 'pending' and ${liveTo(memberId)} and ${groupAllows(posts.tables, memberId)}
        -- a comment a moderator removed takes its mentions with it (decision 024)
        and c.removed_at is null
      order by m.created_at desc, m.id desc
      limit ${PENDING_MENTIONS_LIMIT}`),
  );
  return rows.map((r) => {
    const actorId = Number(r.actor_id);
    const actor =
      r.username === null
        ? unknownActor(actorId)
        : { id: actorId, username: r.username, name: r.display_name!, profileImage: r.profile_image!, verified: r.verified };
    return {
      mentionId: Number(r.id),
      postId: Number(r.post_id),
      commentId: r.comment_id === null ? null : Number(r.comment_id),
      actor,
      excerpt: excerpt(r.text),
      createdAt: r.created_at,
    };
  });
}

function unknownActor(id: number) {
  return { id, ...unknownMember(id), verified: false };
}
