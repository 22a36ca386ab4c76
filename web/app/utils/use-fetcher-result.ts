import { useEffect, useRef } from 'react';

/**
 * Calls `onResult` once per answer a fetcher receives (toasts, closing a dialog). Effects re-run
 * on every render, so the answer object already handled is remembered and skipped.
 */
export function useFetcherResult<T>(fetcher: { state: string; data: T | undefined }, onResult: (data: T) => void): void {
  const handled = useRef<T | undefined>(undefined);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
