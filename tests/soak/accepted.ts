/**
 * Every write the product accepted (2xx with its id) during the soak: what the checks compare the
 * databases with. Contents carry a unique tag per request, so a write stored twice is visible.
 */
export interface AcceptedPost {
  id: number;
  authorId: number;
  tag: string;
}
export interface AcceptedLike {
  postId: number;
  userId: number;
  authorId: number;
}
export interface AcceptedComment {
  id: number;
  postId: number;
  userId: number;
  authorId: number;
  tag: string;
}
export interface AcceptedRequest {
  id: number;
  fromUserId: number;
  toUserId: number;
}
export interface AcceptedCredit {
  reference: string;
  userId: number;
  amountKobo: number;
}

export class AcceptedWrites {
  readonly posts: AcceptedPost[] = [];
  readonly likes: AcceptedLike[] = [];
  readonly comments: AcceptedComment[] = [];
  readonly requests: AcceptedRequest[] = [];
  readonly credits: AcceptedCredit[] = [];
  readonly stories: number[] = [];
  readonly reels: number[] = [];
  private readonly liked = new Set<string>();

  /**
   * False when this member already tried to like that post. A pair is tried once, never again even
   * when unanswered: the like toggles, so a retry of a like that was stored would take it back.
   */
  claimLike(postId: number, userId: number): boolean {
    const key = `${postId}:${userId}`;
    if (this.liked.has(key)) return false;
    this.liked.add(key);
    return true;
  }

  summary(): string {
    return `posts ${this.posts.length}, likes ${this.likes.length}, comments ${this.comments.length}, friend requests ${this.requests.length}, credits ${this.credits.length}, stories ${this.stories.length}, reels ${this.reels.length}`;
  }
}

/** Expected notifications per recipient key: one per like and friend request, one per comment. */
export function expectedNotifications(writes: AcceptedWrites): Map<string, number> {
  const expected = new Map<string, number>();
  const add = (key: string) => expected.set(key, (expected.get(key) ?? 0) + 1);
  for (const like of writes.likes) if (like.userId !== like.authorId) add(`post_like:${like.postId}:${like.userId}`);
  for (const comment of writes.comments) if (comment.userId !== comment.authorId) add(`post_comment:${comment.postId}:${comment.userId}`);
  for (const request of writes.requests) add(`friend_request:${request.id}:${request.fromUserId}`);
  return expected;
}
