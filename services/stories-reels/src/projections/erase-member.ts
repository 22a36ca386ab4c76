/**
 * A member's account was erased (`user.deleted`, decision 034). First the tombstone (a story, reel
 * or reaction of theirs still in flight is refused from now on), then their stories with their
 * views, their reels with every like, comment and share on them, their own likes, comments and
 * shares on other reels (those reels' counters follow), the stories they viewed, the videos they
 * uploaded and every projection row that names them. Media removes the files themselves (it gets
 * the same event). Replaying finds nothing left to do.
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
import { eq, inArray } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';

export async function eraseStoriesReelsMember(sr: StoriesReels, tx: Tx, event: { payload: EventPayload<'user.deleted'> }): Promise<void> {
  const { userId } = event.payload;
  const t = sr.tables;
  await recordErasedMember(tx, t.erasedMembers, userId);
  const names = await memberNames(tx, t.members, userId);

  const stories = await tx.select({ id: t.stories.id }).from(t.stories).where(eq(t.stories.userId, userId));
  if (stories.length > 0) {
    const ids = stories.map((s) => s.id);
    await tx.delete(t.storyViews).where(inArray(t.storyViews.storyId, ids));
    await tx.delete(t.stories).where(inArray(t.stories.id, ids));
  }
  const reels = await tx.select({ id: t.reels.id }).from(t.reels).where(eq(t.reels.authorId, userId));
  if (reels.length > 0) {
    const ids = reels.map((r) => r.id);
    for (const column of [t.reelLikes.reelId, t.reelComments.reelId, t.reelShares.reelId])
      await tx.delete(column.table).where(inArray(column, ids));
    await tx.delete(t.reels).where(inArray(t.reels.id, ids));
  }

  const r = t.reels;
  await lowerCountsForMember(tx, userId, [
    { counter: r.likeCount, id: r.id, markedId: t.reelLikes.reelId, markedBy: t.reelLikes.userId },
    { counter: r.commentCount, id: r.id, markedId: t.reelComments.reelId, markedBy: t.reelComments.userId },
    { counter: r.shareCount, id: r.id, markedId: t.reelShares.reelId, markedBy: t.reelShares.userId },
  ]);

  await deleteMemberRows(tx, userId, [
    t.reelLikes.userId,
    t.reelComments.userId,
    t.reelShares.userId,
    t.storyViews.viewerId,
    t.videos.uploaderId,
    t.members.userId,
    t.privacy.userId,
    t.friendships.userId,
    t.friendships.friendId,
    t.blocks.blockerId,
    t.blocks.blockedId,
    t.mutes.userId,
  ]);
  await forgetPublishedEvents(tx, sr.ctx.schema, userId, names);
}
