// /messages with no conversation open: on wide screens the space beside the list says what to do.
import { messageTexts } from '@kora/contracts';
import { MessageCircleIcon } from 'lucide-react';
import { EmptyState } from '~/components/ui/empty-state';

export default function MessagesIndex() {
  return (
    <div className="flex flex-1 items-center justify-center">
      <EmptyState icon={MessageCircleIcon} title={messageTexts.pickConversation} />
    </div>
  );
}
