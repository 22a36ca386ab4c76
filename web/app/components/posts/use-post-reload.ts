/**
 * Loads the whole post again (GET /resources/posts/{id}): all its comments, and the current state
 * of its videos. The fresh copy goes to `onPost`; a failure is kept so callers stop retrying.
 */
import type { Post } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { postUrl } from './resource-urls';
import type { PostLoadData } from './types';

export function usePostReload(postId: number, onPost: (post: Post) => void) {
  const fetcher = useFetcher<PostLoadData>();
  const [error, setError] = useState<string | null>(null);
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) onPost(answer.post);
    setError(answer.ok ? null : answer.error);
  });
  const { load } = fetcher;
  const reload = useCallback(() => load(postUrl(postId)), [load, postId]);
  return { reload, loading: fetcher.state !== 'idle', state: fetcher.state, data: fetcher.data, error };
}
