/** Pure rules of the reels feed, kept apart from the components so they can be tested alone. */
import type { Reel } from '@kora/contracts';

/** A further page appended, without repeating a reel already shown (the list moves as reels are posted). */
export function appendReels(shown: readonly Reel[], more: readonly Reel[]): Reel[] {
  const seen = new Set(shown.map((reel) => reel.id));
  return [...shown, ...more.filter((reel) => !seen.has(reel.id))];
}

/**
 * What a reel's <video> loads ahead: the playing one and the next one all of it (the next is ready
 * when the member moves on), the others only their metadata.
 */
export function preloadFor(index: number, active: number): 'auto' | 'metadata' {
  return index === active || index === active + 1 ? 'auto' : 'metadata';
}

/** The server's answer to a like applied: its `liked` and its count (docs/product/stories-and-reels.md: up or down by one). */
export function withLike(reel: Reel, answer: { liked: boolean; likeCount: number }): Reel {
  return { ...reel, hasLiked: answer.liked, likeCount: answer.likeCount };
}

/** The reel to move to from `active` by `step`, kept inside the list. */
export function stepTo(active: number, step: number, count: number): number {
  return Math.max(0, Math.min(count - 1, active + step));
}

/** Whether the next page should load: the member is within two reels of the end. */
export function nearEnd(active: number, count: number): boolean {
  return active >= count - 2;
}

/** The reel list for /reels/{id}: that reel first, then the feed without it. */
export function startingWith(reel: Reel, feed: readonly Reel[]): Reel[] {
  return [reel, ...feed.filter((item) => item.id !== reel.id)];
}
