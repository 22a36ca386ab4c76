/**
 * A list of posts, page by page (ARIA feed): the first page from the route's loader, more pages
 * from GET /resources/posts when the end scrolls into view or Load more is pressed. Posts the
 * author deletes here leave the list at once. `empty` is shown when there are no posts at all.
 */
import type { Post, PostPage } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PostListSource } from '~/schemas/post-list';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { LoadMore } from './load-more';
import { PostCard } from './post-card';
import { mergePosts, nextCursor, shouldAutoLoad, visiblePosts } from './post-pages';
import { postPageUrl } from './resource-urls';
import type { PageLoadData } from './types';

export interface PostListProps {
  /** The first page, from the route's loader (fresh after every revalidation). */
  page: PostPage;
  /** Where more pages come from; without it the list is complete (memories). */
  source?: PostListSource;
  now: number;
  label: string;
  empty: ReactNode;
  /** The member may delete any post of the list (a group's owner and admins on its page). */
  moderator?: boolean;
  /** Posts to leave out for now (the Saved page's posts being unsaved). */
  hidden?: ReadonlySet<number>;
}

export function PostList({ page, source, now, label, empty, moderator, hidden }: PostListProps) {
  const [older, setOlder] = useState<Post[]>([]);
  const [loadedCursor, setLoadedCursor] = useState<string | null | undefined>(undefined);
  const [requested, setRequested] = useState<string | null>(null);
  const [removed, setRemoved] = useState<ReadonlySet<number>>(() => new Set());

  // A revalidated first page may push posts off its end: keep them until their page is loaded.
  const previous = useRef(page);
  useEffect(() => {
    if (previous.current === page) return;
    const stale = previous.current.posts;
    previous.current = page;
    setOlder((posts) => mergePosts(stale, posts));
  }, [page]);

  const fetcher = useFetcher<PageLoadData>();
  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) return;
    setOlder((posts) => mergePosts(posts, answer.page.posts));
    setLoadedCursor(answer.page.nextCursor);
  });
  const loading = fetcher.state !== 'idle';
  const cursor = nextCursor(page.nextCursor, loadedCursor);
  const error = !loading && fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;

  function load(auto: boolean) {
    if (!source || cursor === null) return;
    if (auto && !shouldAutoLoad(cursor, requested, loading)) return;
    setRequested(cursor);
    fetcher.load(postPageUrl({ source, cursor }));
  }

  function remove(postId: number) {
    setRemoved((ids) => new Set(ids).add(postId));
  }

  const posts = visiblePosts(page.posts, older, removed).filter((post) => !hidden?.has(post.id));
  if (posts.length === 0 && cursor === null) return <>{empty}</>;

  return (
    <div className="space-y-4">
      {/* A feed holds articles only; the loader sits after it. */}
      <div role="feed" aria-label={label} aria-busy={loading || undefined} className="space-y-4">
        {posts.map((post, index) => (
          // The first post is on the first screen: its photos load at once, the rest lazily.
          <PostCard key={post.id} post={post} now={now} onDeleted={remove} moderator={moderator} priority={index === 0} />
        ))}
      </div>
      {source && cursor !== null ? <LoadMore cursor={cursor} loading={loading} error={error} onLoad={load} /> : null}
    </div>
  );
}
