import { useEffect, useRef } from 'react';

/**
 * Calls `onResult` once per answer a fetcher receives (toasts, closing a dialog). Effects re-run
 * on every render, so the answer object already handled is remembered and skipped.
 *
 * By default once the fetcher is idle again (the page's loaders have run after an action).
 * `{ whileReloading: true }` calls it as soon as the answer is in, while those loaders still run
 * (during submitting, `data` is still the previous answer, so that state is the only one skipped).
 */
export function useFetcherResult<T>(
  fetcher: { state: string; data: T | undefined },
  onResult: (data: T) => void,
  { whileReloading = false }: { whileReloading?: boolean } = {},
): void {
  const handled = useRef<T | undefined>(undefined);
  const callback = useRef(onResult);
  callback.current = onResult;
  useEffect(() => {
    const waiting = whileReloading ? fetcher.state === 'submitting' : fetcher.state !== 'idle';
    if (waiting || fetcher.data === undefined || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data, whileReloading]);
}
