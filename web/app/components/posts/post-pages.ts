/**
 * A list of posts loaded page by page. The first page comes from the route's loader and is fresh
 * after every revalidation (a new post appears on top); the pages loaded since stay as they were.
 * Posts are shown once, in list order, the fresh copy first.
 */
import type { Post } from '@kora/contracts';

/** The lists one after the other, each post once (its first occurrence wins). */
export function mergePosts(...lists: Post[][]): Post[] {
  const seen = new Set<number>();
  const merged: Post[] = [];
  for (const list of lists) {
    for (const post of list) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      merged.push(post);
    }
  }
  return merged;
}

/** What the list shows: the fresh first page, then older posts, without the ones removed here. */
export function visiblePosts(first: Post[], older: Post[], removed: ReadonlySet<number>): Post[] {
  return mergePosts(first, older).filter((post) => !removed.has(post.id));
}

/**
 * The cursor of the next page: the last loaded page's once more pages were loaded (undefined
 * until then), else the first page's.
 */
export function nextCursor(firstPageCursor: string | null, loadedCursor: string | null | undefined): string | null {
  return loadedCursor === undefined ? firstPageCursor : loadedCursor;
}

/**
 * Loading on scroll happens once per cursor: after a failure the same cursor is not requested
 * again by itself (no request loop); the Load more button still can.
 */
export function shouldAutoLoad(cursor: string | null, lastRequested: string | null, busy: boolean): boolean {
  return cursor !== null && !busy && cursor !== lastRequested;
}
