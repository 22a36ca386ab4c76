/**
 * One post as its card shows it: the server's copy plus what the member did since (likes, comments,
 * shares, saves), applied locally from the actions' answers so nothing reloads the list. A like
 * shows at once (optimistic) and is corrected by the answer, or put back if the call fails.
 */
import type { Post, PostComment } from '@kora/contracts';

export type LikeState = Pick<Post, 'hasLiked' | 'likeCount'>;

export type PostEvent =
  /** A fresher copy from the server (list revalidated, the whole post loaded, a video finished). */
  | { type: 'snapshot'; post: Post }
  | { type: 'like'; like: LikeState }
  | { type: 'commented'; comment: PostComment }
  | { type: 'shared'; shareCount: number }
  | { type: 'saved'; saved: boolean };

/** The like button's state right after a click, before the server answers. */
export function toggledLike({ hasLiked, likeCount }: LikeState): LikeState {
  return { hasLiked: !hasLiked, likeCount: Math.max(0, likeCount + (hasLiked ? -1 : 1)) };
}

/**
 * A fresher copy replaces the card's, except for comments: a list page carries only the first
 * comments, so a shorter list must not replace the whole list the member already opened (comments
 * are never removed, so the longer list is the more complete one).
 */
export function mergeSnapshot(current: Post, incoming: Post): Post {
  const comments = incoming.comments.length >= current.comments.length ? incoming.comments : current.comments;
  return { ...incoming, comments, commentCount: Math.max(incoming.commentCount, comments.length) };
}

export function postReducer(post: Post, event: PostEvent): Post {
  switch (event.type) {
    case 'snapshot':
      return mergeSnapshot(post, event.post);
    case 'like':
      return { ...post, ...event.like };
    case 'commented':
      if (post.comments.some((comment) => comment.id === event.comment.id)) return post;
      return { ...post, comments: [...post.comments, event.comment], commentCount: post.commentCount + 1 };
    case 'shared':
      return { ...post, hasShared: true, shareCount: event.shareCount };
    case 'saved':
      return { ...post, hasSaved: event.saved };
  }
}

/** True while any of the post's videos is still being transcoded (the card then checks back). */
export function hasProcessingVideo(post: Pick<Post, 'videoDetails'>): boolean {
  return post.videoDetails.some((video) => video.status === 'processing');
}
