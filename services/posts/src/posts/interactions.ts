/**
 * Likes, comments and shares. Each writes its row, moves the post's denormalised counter and
 * records its event in one transaction, so a page never counts rows and never shows a count that
 * disagrees with what happened. The caller has already checked the post is visible to the member.
 */
import { excerpt, textLength, type PostComment } from '@kora/contracts';
import { memberViews, refuseErasedMember, toggleCountedRow } from '@kora/platform/service';
import { and, eq, sql } from 'drizzle-orm';
import type { Posts } from '../context.js';
import type { VisiblePost } from '../feed/visibility.js';
import { commentBadWords, commentTooLong } from '../errors.js';
import { containsBadWord } from '../moderation/bad-words.js';
import { recordHashtags } from './hashtags.js';
import { recordMentions } from './mentions.js';

/** Likes the post, or takes the like back if the member had liked it. */
export async function toggleLike(posts: Posts, post: VisiblePost, memberId: number): Promise<{ liked: boolean; likeCount: number }> {
  const { posts: postsTable, likes } = posts.tables;
  return posts.ctx.transact(async (tx, emit) => {
    await refuseErasedMember(tx, posts.tables.erasedMembers, memberId);
    const {
      on: liked,
      count,
      changed,
    } = await toggleCountedRow(tx, {
      marks: likes,
      mark: { postId: post.id, userId: memberId },
      markWhere: and(eq(likes.postId, post.id), eq(likes.userId, memberId))!,
      counted: postsTable,
      counter: postsTable.likeCount,
      countedWhere: eq(postsTable.id, post.id),
    });
    if (changed) {
      emit({
        type: liked ? 'post.liked' : 'post.unliked',
        aggregateId: post.id,
        actorId: memberId,
        payload: { postId: post.id, postOwnerId: post.authorId, actorId: memberId },
      });
    }
    return { liked, likeCount: count };
  });
}

/**
 * Adds a comment (already trimmed and checked against the fixed comment limit by the schema) with
 * its mentions and #tags, and answers it as lists show it. The admin's max post length caps comments too when
 * it is the lower of the two (decision 024): a site that wants short posts wants short comments.
 */
export async function addComment(posts: Posts, post: VisiblePost, memberId: number, content: string): Promise<PostComment> {
  const { maxPostLength, badWords } = posts.ctx.siteSettings.current().moderation;
  if (textLength(content) > maxPostLength) throw commentTooLong(maxPostLength);
  if (containsBadWord(content, badWords)) throw commentBadWords();
  const { posts: postsTable, comments } = posts.tables;
  const comment = await posts.ctx.transact(async (tx, emit) => {
    await refuseErasedMember(tx, posts.tables.erasedMembers, memberId);
    const [row] = await tx.insert(comments).values({ postId: post.id, userId: memberId, content }).returning();
    await tx
      .update(postsTable)
      .set({ commentCount: sql`${postsTable.commentCount} + 1` })
      .where(eq(postsTable.id, post.id));
    emit({
      type: 'post.commented',
      aggregateId: post.id,
      actorId: memberId,
      payload: { postId: post.id, postOwnerId: post.authorId, actorId: memberId, commentId: row!.id, excerpt: excerpt(content) },
    });
    const mentions = await recordMentions(posts, tx, emit, {
      postId: post.id,
      postOwnerId: post.authorId,
      commentId: row!.id,
      actorId: memberId,
      text: content,
    });
    await recordHashtags(tx, posts.tables, [{ postId: post.id, commentId: row!.id, text: content, createdAt: row!.createdAt }]);
    return { ...row!, mentions };
  });
  const { username, displayName, profileImage, verified } = (
    await memberViews(posts.ctx.db, posts.tables.members, [memberId], posts.now())
  )(memberId);
  return {
    id: comment.id,
    userId: memberId,
    username,
    name: displayName,
    profileImage,
    content: comment.content,
    createdAt: comment.createdAt.toISOString(),
    mentions: comment.mentions,
    verified,
  };
}

/**
 * Shares the post: once per member (decision 009). Sharing again changes nothing and answers the
 * same count; only the first share is announced.
 */
export async function sharePost(posts: Posts, post: VisiblePost, memberId: number): Promise<{ shared: true; shareCount: number }> {
  const { posts: postsTable, shares } = posts.tables;
  return posts.ctx.transact(async (tx, emit) => {
    await refuseErasedMember(tx, posts.tables.erasedMembers, memberId);
    const added = await tx
      .insert(shares)
      .values({ postId: post.id, userId: memberId })
      .onConflictDoNothing()
      .returning({ postId: shares.postId });
    // Already shared: nothing to count, only the count to answer.
    const [row] =
      added.length === 0
        ? await tx.select({ shareCount: postsTable.shareCount }).from(postsTable).where(eq(postsTable.id, post.id))
        : await tx
            .update(postsTable)
            .set({ shareCount: sql`${postsTable.shareCount} + 1` })
            .where(eq(postsTable.id, post.id))
            .returning({ shareCount: postsTable.shareCount });
    if (added.length > 0) {
      emit({
        type: 'post.shared',
        aggregateId: post.id,
        actorId: memberId,
        payload: { postId: post.id, postOwnerId: post.authorId, actorId: memberId },
      });
    }
    return { shared: true as const, shareCount: row!.shareCount };
  });
}
