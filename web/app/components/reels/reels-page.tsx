/** The /reels and /reels/{id} page body: the feed, its empty state, a load failure, or reels off. */
import { reelTexts, type Reel } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { SquarePlayIcon } from 'lucide-react';
import { buttonClasses } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadError } from '~/components/ui/load-error';
import { ReelFeed } from './reel-feed';
import { ReelsOff } from './reels-off';

export type ReelsPageData =
  { state: 'off' } | { state: 'ok'; reels: Reel[]; nextCursor: string | null } | { state: 'error'; message: string };

export function ReelsPage({ loaded }: { loaded: ReelsPageData }) {
  if (loaded.state === 'off') return <ReelsOff />;
  if (loaded.state === 'error') return <LoadError message={loaded.message} />;
  if (loaded.reels.length === 0) {
    return (
      <Card>
        <EmptyState icon={SquarePlayIcon} title={reelTexts.noReels} hint={reelTexts.noReelsHint} titleAs="h1" />
        <div className="pb-8 text-center">
          <Link to="/reels/create" className={buttonClasses('primary', 'md')}>
            {reelTexts.createReel}
          </Link>
        </div>
      </Card>
    );
  }
  // Keyed by the first reel: /reels/{id} → /reels starts a new feed rather than keeping the old one.
  return <ReelFeed key={loaded.reels[0]!.id} initial={loaded.reels} initialCursor={loaded.nextCursor} />;
}
