/**
 * The top bar's unread messages badge ("99+" above 99) and the Messages link's accessible name,
 * from the live hub's total (utils/live-hub.ts). Only the link texts: the layout must not carry
 * the messages screens' texts.
 */
import { badgeText, messagesLinkTexts } from '@kora/contracts';
import { useCallback, useSyncExternalStore } from 'react';
import { useLiveHub } from '~/components/notifications/live-notifications-provider';
import { cn } from '~/utils/misc';

export function useMessagesUnread(): number {
  const hub = useLiveHub();
  const watch = useCallback((listener: () => void) => hub.watchMessagesUnread(listener), [hub]);
  const read = useCallback(() => hub.messagesUnread(), [hub]);
  return useSyncExternalStore(watch, read, read);
}

export function useMessagesLabel(): string {
  return messagesLinkTexts.linkLabel(useMessagesUnread());
}

export function MessagesBadge({ className }: { className?: string }) {
  const unread = useMessagesUnread();
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
      {badgeText(unread)}
    </span>
  );
}
