/**
 * The end of a list that has more: loads the next page by itself when it scrolls into view
 * (IntersectionObserver, a little ahead of time), and offers a Load more button for keyboards,
 * for when the automatic load failed, and for browsers without the observer.
 */
import { postScreenTexts as texts } from '@kora/contracts';
import { useEffect, useRef } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Spinner } from '~/components/ui/spinner';
import { useInView } from '~/utils/use-in-view';

export function LoadMore({
  cursor,
  loading,
  error,
  onLoad,
  loadingLabel = texts.loadingMorePosts,
}: {
  /** The next page's cursor: a new one re-arms the automatic load. */
  cursor: string;
  loading: boolean;
  error: string | null;
  /** `auto`: triggered by scrolling rather than by the button. */
  onLoad: (auto: boolean) => void;
  /** What the spinner tells screen readers (other lists than posts use this too). */
  loadingLabel?: string;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  // Without the observer the button alone loads (loading every page at once would be worse).
  const nearEnd = useInView(sentinel, { rootMargin: '600px' });
  const load = useRef(onLoad);
  load.current = onLoad;

  useEffect(() => {
    if (nearEnd && !loading) load.current(true);
  }, [nearEnd, loading, cursor]);

  return (
    <div ref={sentinel} className="flex flex-col items-center gap-3 py-2">
      {error ? <Alert className="w-full">{error}</Alert> : null}
      {loading ? (
        <Spinner label={loadingLabel} />
      ) : (
        <Button variant="secondary" onClick={() => onLoad(false)}>
          {texts.loadMore}
        </Button>
      )}
    </div>
  );
}
