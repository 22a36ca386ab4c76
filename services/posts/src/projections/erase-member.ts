/**
 * A member's account was erased (`user.deleted`, decision 034). First the tombstone (a post or
 * reaction of theirs still in flight is refused from now on), then everything of theirs: their
 * posts with every reaction, comment, share, save, mention, tag, boost and report on them; their
 * own likes, comments, shares and saves on other posts (those posts' counters follow); mentions of
 * them; their reports; the videos their posts carried and their photos' placeholders; and every projection row that names them
 * (snapshot, friend graph, privacy, groups, plan, suspension). Search reads the posts and members
 * tables, so it forgets them with those rows. Replaying finds nothing left to do.
 */
import type { EventPayload } from '@kora/contracts';
import {
  deleteMemberRows,
  forgetPublishedEvents,
  lowerCountsForMember,
  memberNames,
  recordErasedMember,
  type Tx,
} from '@kora/platform/service';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Posts } from '../context.js';

export async function erasePostsMember(posts: Posts, tx: Tx, event: { payload: EventPayload<'user.deleted'> }): Promise<void> {
  const { userId } = event.payload;
  const t = posts.tables;
  await recordErasedMember(tx, t.erasedMembers, userId);
  const names = await memberNames(tx, t.members, userId);

  // Their own posts, and everything hanging on them.
  const own = await tx.select({ id: t.posts.id, media: t.posts.media }).from(t.posts).where(eq(t.posts.authorId, userId));
  const ownIds = own.map((p) => p.id);
  if (ownIds.length > 0) {
    for (const column of [t.likes.postId, t.comments.postId, t.shares.postId, t.saves.postId, t.mentions.postId, t.hashtags.postId]) {
      await tx.delete(column.table).where(inArray(column, ownIds));
    }
    await tx.delete(t.boosts).where(inArray(t.boosts.postId, ownIds));
    await tx.delete(t.reports).where(inArray(t.reports.postId, ownIds));
    const urls = own.flatMap((p) => p.media);
    if (urls.length > 0) await tx.delete(t.videos).where(inArray(t.videos.url, urls));
    await tx.delete(t.posts).where(inArray(t.posts.id, ownIds));
  }

  // Their photos' sizes and placeholders (decision 044), posted or not.
  await tx.delete(t.photos).where(eq(t.photos.uploaderId, userId));

  // Their marks on other members' posts: the counters move by what goes.
  const p = t.posts;
  await lowerCountsForMember(tx, userId, [
    { counter: p.likeCount, id: p.id, markedId: t.likes.postId, markedBy: t.likes.userId },
    { counter: p.shareCount, id: p.id, markedId: t.shares.postId, markedBy: t.shares.userId },
    { counter: p.commentCount, id: p.id, markedId: t.comments.postId, markedBy: t.comments.userId, counted: isNull(t.comments.removedAt) },
  ]);
  const comments = await tx.select({ id: t.comments.id }).from(t.comments).where(eq(t.comments.userId, userId));
  const commentIds = comments.map((c) => c.id);
  if (commentIds.length > 0) {
    await tx.delete(t.hashtags).where(inArray(t.hashtags.commentId, commentIds));
    await tx.delete(t.mentions).where(inArray(t.mentions.commentId, commentIds));
    await tx.delete(t.reports).where(and(eq(t.reports.targetType, 'comment'), inArray(t.reports.targetId, commentIds)));
  }
  await deleteMemberRows(tx, userId, [
    t.likes.userId,
    t.comments.userId,
    t.shares.userId,
    t.saves.userId,
    t.mentions.mentionedUserId,
    t.mentions.actorId,
    t.reports.reporterId,
    t.boosts.authorId,
    t.members.userId,
    t.friendships.userId,
    t.friendships.friendId,
    t.privacy.userId,
    t.groupMembers.userId,
    t.memberships.userId,
    t.suspendedMembers.userId,
    t.blocks.blockerId,
    t.blocks.blockedId,
    t.mutes.userId,
  ]);
  // Reports they closed as a moderator stay, without naming them.
  await tx.update(t.reports).set({ closedBy: null }).where(eq(t.reports.closedBy, userId));
  await forgetPublishedEvents(tx, posts.ctx.schema, userId, names);
}
