import { storyScreenTexts } from '@kora/contracts';
import { SquarePlayIcon } from 'lucide-react';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';

/** Ours: what the reel pages say while an admin has reels turned off (the menus hide the link). */
export function ReelsOff() {
  return (
    <Card>
      <EmptyState icon={SquarePlayIcon} title={storyScreenTexts.reelsOff} titleAs="h1" />
    </Card>
  );
}
