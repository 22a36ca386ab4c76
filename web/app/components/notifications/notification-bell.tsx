/**
 * The top bar's bell (docs/product/notifications.md): the unread badge (99+ above 99) and a
 * dropdown with the newest 20 notifications, Mark all as read, and See all (→ /notifications);
 * "No notifications" when there are none. Opening it marks everything seen (mark-seen).
 */
import { NOTIFICATION_PAGE_SIZE, notificationTexts } from '@kora/contracts';
import * as DropdownMenu from '~/components/ui/dropdown-menu';
import { Link } from '@remix-run/react';
import { useState } from 'react';
import { BellIcon } from 'lucide-react';
import { menuContentClasses, menuItemClasses } from '~/components/ui/menu';
import { Spinner } from '~/components/ui/spinner';
import { cn } from '~/utils/misc';
import { bellBadge, bellLabel } from './bell-badge';
import { useLiveNotifications, type LiveNotifications } from './live-notifications-provider';
import { NotificationRow } from './notification-row';
import { anyUnread } from './notification-state';
import { useOpenNotification } from './use-open-notification';

export function NotificationBell({ className }: { className: string }) {
  const live = useLiveNotifications();
  const [open, setOpen] = useState(false);
  const badge = bellBadge(live.unread);

  function onOpenChange(next: boolean) {
    setOpen(next);
    if (!next) return;
    live.ensureLoaded();
    live.markSeen();
  }

  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={onOpenChange}>
      <DropdownMenu.Trigger
        aria-label={bellLabel(live.unread)}
        // The socket's state, for support and tests: connecting, live, offline or stopped.
        data-live={live.status}
        className={cn(className, 'relative data-[state=open]:bg-brand-50 data-[state=open]:text-brand-700')}
      >
        <BellIcon />
        {badge ? (
          <span
            aria-hidden="true"
            className="absolute -right-1.5 -top-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white ring-2 ring-white"
          >
            {badge}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className={cn(menuContentClasses, 'flex max-h-[min(80vh,40rem)] w-[min(24rem,calc(100vw-1rem))] flex-col p-0')}
        >
          {/* Rendered only while open (in the browser), so the clock can be read directly. */}
          <BellContent live={live} now={Date.now()} />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function BellContent({ live, now }: { live: LiveNotifications; now: number }) {
  const openNotification = useOpenNotification();
  const items = live.items.slice(0, NOTIFICATION_PAGE_SIZE);
  const hasUnread = anyUnread(live.unread, items);

  return (
    <>
      <div className="flex items-center justify-between gap-2 px-4 pb-1 pt-3">
        <DropdownMenu.Label className="text-lg font-bold text-slate-900">{notificationTexts.title}</DropdownMenu.Label>
        <DropdownMenu.Item
          disabled={!hasUnread}
          // Stays open: the member sees the dots go.
          onSelect={(event) => {
            event.preventDefault();
            live.markAllRead();
          }}
          className="cursor-pointer rounded-md px-2 py-1 text-sm font-semibold text-brand-700 outline-none data-[disabled]:cursor-default data-[disabled]:text-slate-400 data-[highlighted]:bg-brand-50"
        >
          {notificationTexts.markAllRead}
        </DropdownMenu.Item>
      </div>
      <DropdownMenu.Group aria-label={notificationTexts.latest} className="min-h-0 flex-1 overflow-y-auto px-2 py-1">
        {items.length > 0 ? (
          items.map((notification) => (
            <DropdownMenu.Item
              key={notification.id}
              onSelect={() => openNotification(notification)}
              className={cn(menuItemClasses, 'items-start', !notification.readAt && 'bg-brand-50/70')}
            >
              <NotificationRow notification={notification} now={now} />
            </DropdownMenu.Item>
          ))
        ) : live.loaded ? (
          <p className="px-3 py-8 text-center text-sm text-slate-500">{notificationTexts.empty}</p>
        ) : (
          <div className="flex justify-center py-8">
            <Spinner label={notificationTexts.loading} />
          </div>
        )}
      </DropdownMenu.Group>
      <DropdownMenu.Separator className="h-px bg-slate-200" />
      <DropdownMenu.Item asChild className={cn(menuItemClasses, 'justify-center rounded-none rounded-b-xl font-semibold text-brand-700')}>
        <Link to="/notifications">{notificationTexts.seeAll}</Link>
      </DropdownMenu.Item>
    </>
  );
}
