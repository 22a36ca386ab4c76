import { groupScreenTexts as texts } from '@kora/contracts';
import { UsersRoundIcon } from 'lucide-react';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';

/** What the group pages show while an admin has groups turned off (the menus hide the link). */
export function GroupsOff() {
  return (
    <Card>
      <EmptyState icon={UsersRoundIcon} title={texts.turnedOff} titleAs="h1" />
    </Card>
  );
}
