/**
 * Loads the whole post again (GET /resources/posts/{id}): all its comments, and the current state
 * of its videos. The fresh copy goes to `onPost`. The last failure is kept (`error`), with how many
 * loads in a row failed (`failures`) and whether the post is `gone`, so callers can show it, back
 * off or stop.
 */
import type { Post } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useCallback, useState } from 'react';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { postUrl } from './resource-urls';
import type { PostLoadData } from './types';

interface ReloadOutcome {
  error: string | null;
  failures: number;
  gone: boolean;
}

const FINE: ReloadOutcome = { error: null, failures: 0, gone: false };

export function usePostReload(postId: number, onPost: (post: Post) => void) {
  const fetcher = useFetcher<PostLoadData>();
  const [outcome, setOutcome] = useState<ReloadOutcome>(FINE);
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) {
      onPost(answer.post);
      setOutcome(FINE);
    } else {
      setOutcome((last) => ({ error: answer.error, failures: last.failures + 1, gone: answer.gone }));
    }
  });
  const { load } = fetcher;
  const reload = useCallback(() => load(postUrl(postId)), [load, postId]);
  return { reload, loading: fetcher.state !== 'idle', state: fetcher.state, data: fetcher.data, ...outcome };
}
