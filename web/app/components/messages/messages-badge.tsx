/** The top bar's unread messages badge ("99+" above 99) and the Messages link's accessible name. */
import { messageTexts } from '@kora/contracts';
import { cn } from '~/utils/misc';
import { useLiveMessages } from './live-messages-provider';

export function useMessagesLabel(): string {
  return messageTexts.messagesLabel(useLiveMessages().unread);
}

export function MessagesBadge({ className }: { className?: string }) {
  const { unread } = useLiveMessages();
  if (unread <= 0) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="messages-badge"
      className={cn(
        'absolute flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white',
        className,
      )}
    >
      {messageTexts.unreadBadge(unread)}
    </span>
  );
}
