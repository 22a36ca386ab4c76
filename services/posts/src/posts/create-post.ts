/**
 * Publishing a post: the checks the schema cannot make (they depend on the caller, the live site
 * settings and, for a group's post, the caller's membership), then the row, its mentions and their
 * events, and its #tags in one transaction.
 */
import { type CreatePostBody, excerpt, mediaTypeOf, textLength } from '@kora/contracts';
import { refuseErasedMember } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { notYourUserId, postBadWords, postEmpty, postTooLong } from '../errors.js';
import { containsBadWord } from '../moderation/bad-words.js';
import { requireMayPostIn } from './group-access.js';
import { recordHashtags } from './hashtags.js';
import { recordMentions } from './mentions.js';

/** Returns the new post's id. */
export async function createPost(posts: Posts, callerId: number, body: CreatePostBody): Promise<number> {
  if (body.userId !== callerId) throw notYourUserId();
  const content = body.content.trim();
  // The URL says what a file is (docs/product/posts-and-feed.md), whatever type the client claimed; order is upload order.
  const media = body.media.map((m) => m.url);
  if (content === '' && media.length === 0) throw postEmpty();
  // Read per request: an admin's change applies to the very next post.
  const { maxPostLength, badWords } = posts.ctx.siteSettings.current().moderation;
  if (textLength(content) > maxPostLength) throw postTooLong(maxPostLength);
  if (containsBadWord(content, badWords)) throw postBadWords();
  const { groupId } = body;
  if (groupId !== null) await requireMayPostIn(posts, callerId, groupId);

  return posts.ctx.transact(async (tx, emit) => {
    await refuseErasedMember(tx, posts.tables.erasedMembers, callerId);
    const [row] = await tx
      .insert(posts.tables.posts)
      .values({ authorId: callerId, content, media, groupId })
      .returning({ id: posts.tables.posts.id, createdAt: posts.tables.posts.createdAt });
    emit({
      type: 'post.created',
      aggregateId: row!.id,
      actorId: callerId,
      payload: {
        postId: row!.id,
        postOwnerId: callerId,
        hasMedia: media.length > 0,
        excerpt: excerpt(content || describeMedia(media)),
        createdAt: row!.createdAt.toISOString(),
        groupId,
      },
    });
    await recordMentions(posts, tx, emit, {
      postId: row!.id,
      postOwnerId: callerId,
      commentId: null,
      actorId: callerId,
      text: content,
      inGroup: groupId !== null,
    });
    await recordHashtags(tx, posts.tables, [{ postId: row!.id, commentId: null, text: content, createdAt: row!.createdAt }]);
    return row!.id;
  });
}

/** What a media-only post is about, for the excerpt a notification shows. */
function describeMedia(media: string[]): string {
  const videos = media.filter((url) => mediaTypeOf(url) === 'video').length;
  const photos = media.length - videos;
  const parts = [photos && `${photos} photo${photos > 1 ? 's' : ''}`, videos && `${videos} video${videos > 1 ? 's' : ''}`].filter(Boolean);
  return parts.join(' and ');
}
