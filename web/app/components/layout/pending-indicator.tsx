import { shellTexts } from '@kora/contracts';
import { useNavigation } from '@remix-run/react';
import { Spinner } from '~/components/ui/spinner';

/**
 * While the next member page loads (docs/product/posts-and-feed.md: a spinner while the feed and
 * profiles load), a spinner sits over the current page, which dims. Form submissions show their
 * own busy state.
 */
export function usePageLoading(): boolean {
  const navigation = useNavigation();
  return navigation.state === 'loading' && navigation.formMethod === undefined;
}

export function PendingIndicator({ loading }: { loading: boolean }) {
  if (!loading) return null;
  return (
    <div className="pointer-events-none sticky top-16 z-30 flex h-0 justify-center">
      <span className="mt-2 flex size-11 items-center justify-center rounded-full bg-white shadow-lg ring-1 ring-slate-900/5">
        <Spinner label={shellTexts.loadingPage} />
      </span>
    </div>
  );
}
