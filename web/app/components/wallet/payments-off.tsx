import { WalletIcon } from 'lucide-react';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';

/** What the payment pages show while an admin has payments turned off (the menus hide the links). */
export function PaymentsOff({ message }: { message: string }) {
  return (
    <Card>
      <EmptyState icon={WalletIcon} title={message} titleAs="h1" />
    </Card>
  );
}
