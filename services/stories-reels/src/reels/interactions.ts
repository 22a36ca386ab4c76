/**
 * Likes, comments and shares of a published reel. Each writes its row, moves the reel's counter and
 * records its event in one transaction, so a count always equals its rows, whatever runs at the
 * same time (the counted row's primary key decides races: a second like by the same member finds
 * the row and takes it back; a second share finds it and changes nothing).
 */
import { excerpt, type ReelComment } from '@kora/contracts';
import { memberViews, refuseErasedMember, toggleCountedRow } from '@kora/platform/service';
import { and, eq, sql } from 'drizzle-orm';
import type { StoriesReels } from '../context.js';
import type { TargetReel } from './target.js';

/** Likes the reel, or takes the like back if the member had liked it. */
export async function toggleReelLike(sr: StoriesReels, reel: TargetReel, memberId: number): Promise<{ liked: boolean; likeCount: number }> {
  const { reels, reelLikes } = sr.tables;
  return sr.ctx.transact(async (tx, emit) => {
    await refuseErasedMember(tx, sr.tables.erasedMembers, memberId);
    const {
      on: liked,
      count,
      changed,
    } = await toggleCountedRow(tx, {
      marks: reelLikes,
      mark: { reelId: reel.id, userId: memberId },
      markWhere: and(eq(reelLikes.reelId, reel.id), eq(reelLikes.userId, memberId))!,
      counted: reels,
      counter: reels.likeCount,
      countedWhere: eq(reels.id, reel.id),
    });
    if (changed) {
      emit({
        type: liked ? 'reel.liked' : 'reel.unliked',
        aggregateId: reel.id,
        actorId: memberId,
        payload: { reelId: reel.id, authorId: reel.authorId, actorId: memberId },
      });
    }
    return { liked, likeCount: count };
  });
}

/** Shares the reel once per member: sharing again answers the same count; only the first is announced. */
export async function shareReel(sr: StoriesReels, reel: TargetReel, memberId: number): Promise<{ shared: true; shareCount: number }> {
  const { reels, reelShares } = sr.tables;
  return sr.ctx.transact(async (tx, emit) => {
    await refuseErasedMember(tx, sr.tables.erasedMembers, memberId);
    const added = await tx
      .insert(reelShares)
      .values({ reelId: reel.id, userId: memberId })
      .onConflictDoNothing()
      .returning({ reelId: reelShares.reelId });
    const [row] =
      added.length === 0
        ? await tx.select({ shareCount: reels.shareCount }).from(reels).where(eq(reels.id, reel.id))
        : await tx
            .update(reels)
            .set({ shareCount: sql`${reels.shareCount} + 1` })
            .where(eq(reels.id, reel.id))
            .returning({ shareCount: reels.shareCount });
    if (added.length > 0) {
      emit({
        type: 'reel.shared',
        aggregateId: reel.id,
        actorId: memberId,
        payload: { reelId: reel.id, authorId: reel.authorId, actorId: memberId },
      });
    }
    return { shared: true as const, shareCount: row!.shareCount };
  });
}

/** Adds a comment (already trimmed and length-checked by the schema) and answers it as the list shows it. */
export async function addReelComment(sr: StoriesReels, reel: TargetReel, memberId: number, content: string): Promise<ReelComment> {
  const { reels, reelComments } = sr.tables;
  const comment = await sr.ctx.transact(async (tx, emit) => {
    await refuseErasedMember(tx, sr.tables.erasedMembers, memberId);
    const [row] = await tx.insert(reelComments).values({ reelId: reel.id, userId: memberId, content, createdAt: sr.now() }).returning();
    await tx
      .update(reels)
      .set({ commentCount: sql`${reels.commentCount} + 1` })
      .where(eq(reels.id, reel.id));
    emit({
      type: 'reel.commented',
      aggregateId: reel.id,
      actorId: memberId,
      payload: { reelId: reel.id, authorId: reel.authorId, actorId: memberId, commentId: row!.id, excerpt: excerpt(content) },
    });
    return row!;
  });
  const view = (await memberViews(sr.ctx.db, sr.tables.members, [memberId], sr.now()))(memberId);
  return {
    id: comment.id,
    username: view.username,
    content: comment.content,
    userId: memberId,
    name: view.displayName,
    avatar: view.profileImage,
    createdAt: comment.createdAt.toISOString(),
  };
}
