import { shellTexts } from '@kora/contracts';
import { ProCard, SharesCard, SuggestedFriendsCard, TrendingCard } from '~/components/search/panel-parts';
import { usePanelData } from '~/components/search/use-panel-data';
import { cn } from '~/utils/misc';

/** Grey blocks where the cards will be, so the panel does not jump when they arrive. */
function PanelSkeleton() {
  return (
    <div aria-hidden="true" className="space-y-4">
      {['h-40', 'h-56', 'h-48'].map((height) => (
        <div key={height} className={cn('animate-pulse rounded-xl bg-slate-200/70', height)} />
      ))}
    </div>
  );
}

/**
 * Wide-screen right panel (decision 025): Go Pro with the Pro members, Trending tags, friends'
 * Shares and Suggested Friends, from real data loaded after the page is shown (never holding the
 * feed up). Each card is left out when it has nothing to show or could not be loaded.
 */
/** The first suggestions (friends of friends come first); See All leads to the rest. */
const SUGGESTIONS_SHOWN = 5;

/** Tailwind's `xl`, where the layout shows the panel (`hidden xl:block`). */
const WIDE_SCREEN = '(min-width: 1280px)';

export function RightPanel({ className }: { className?: string }) {
  const panel = usePanelData(WIDE_SCREEN);
  const data = panel.state === 'ready' ? panel.data : null;
  return (
    <aside
      aria-label={shellTexts.highlights}
      aria-busy={panel.state === 'loading' || undefined}
      className={cn('sticky top-14 h-[calc(100vh-3.5rem)] w-[320px] shrink-0 space-y-4 overflow-y-auto px-3 py-4', className)}
    >
      {panel.state === 'loading' ? (
        <PanelSkeleton />
      ) : (
        <>
          <ProCard members={data?.proMembers ?? []} />
          {data?.trending?.length ? <TrendingCard tags={data.trending} /> : null}
          {data?.shares?.length ? <SharesCard shares={data.shares} now={Date.now()} /> : null}
          {data?.suggestions?.length ? <SuggestedFriendsCard people={data.suggestions.slice(0, SUGGESTIONS_SHOWN)} /> : null}
        </>
      )}
    </aside>
  );
}
