/**
 * /notifications (docs/product/notifications.md): the member's notifications, newest first,
 * a mention waiting for the member's review with Approve / Decline under it,
 * unread ones highlighted with a dot; "Mark all as read" only while some are unread; "Load more"
 * for older pages; "You have no notifications." when there are none. An item links to
 * /posts/{postId} when its meta carries a post id, otherwise nowhere. The list is the layout's live
 * one (components/notifications/live-notifications-provider.tsx), so new notifications appear on
 * top without a reload and marks made in the bell show here too. An item about another member's
 * action has a "…" menu with Block (decision 036); that member's items then leave the list.
 */
import { isOwnNotice, notificationTexts, type Notification, type NotificationPage } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { BellIcon } from 'lucide-react';
import { useLiveNotifications } from '~/components/notifications/live-notifications-provider';
import { MentionReview } from '~/components/notifications/mention-review';
import { NotificationRow } from '~/components/notifications/notification-row';
import { MemberMenu } from '~/components/safety/member-menu';
import { anyUnread, mergeNotifications } from '~/components/notifications/notification-state';
import { notificationPageLink } from '~/components/notifications/notification-target';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadError } from '~/components/ui/load-error';
import { PageHeader } from '~/components/ui/page-header';
import { Spinner } from '~/components/ui/spinner';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { cn } from '~/utils/misc';
import { fetchNotificationPage } from '~/utils/notifications.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { useCurrentUser } from '~/utils/use-current-user';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useNow } from '~/utils/use-now';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(notificationTexts.title, siteNameFromMatches(matches)));

export const shouldRevalidate = shouldRevalidatePage;

type NotificationsData = { state: 'ok'; page: NotificationPage; now: number } | { state: 'error'; message: string; now: number };

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  try {
    const page = await fetchNotificationPage(request, null, token);
    return data<NotificationsData>({ state: 'ok', page, now: Date.now() }, { headers });
  } catch (error) {
    const message = errorMessage(error, notificationTexts.requestFailed);
    return data<NotificationsData>({ state: 'error', message, now: Date.now() }, { status: errorStatus(error), headers });
  }
}

export default function NotificationsPage() {
  const loaded = useLoaderData<typeof loader>();
  const now = useNow(loaded.now);
  if (loaded.state === 'error') {
    return (
      <div className="space-y-4">
        <PageHeader icon={BellIcon} title={notificationTexts.title} />
        <LoadError message={loaded.message} />
      </div>
    );
  }
  return <NotificationList firstPage={loaded.page} now={now} />;
}

function NotificationList({ firstPage, now }: { firstPage: NotificationPage; now: number }) {
  const live = useLiveNotifications();
  const { absorb, loadMore } = live;
  useEffect(() => absorb(firstPage.notifications), [absorb, firstPage]);
  // The server's page is merged in directly too, so the first render (and the server's) shows it.
  // Members blocked from here: the list is the live store's, so their items are left out in place.
  const [blocked, setBlocked] = useState<ReadonlySet<number>>(new Set());
  const items = mergeNotifications(live.items, firstPage.notifications).filter((n) => !blocked.has(n.actorId));
  const [cursor, setCursor] = useState(firstPage.nextCursor);
  const [loading, setLoading] = useState(false);
  const hasUnread = anyUnread(live.unread, items);

  async function onLoadMore() {
    if (cursor === null || loading) return;
    setLoading(true);
    const next = await loadMore(cursor);
    setLoading(false);
    if (next !== undefined) setCursor(next);
  }

  return (
    <div className="space-y-4">
      <PageHeader
        icon={BellIcon}
        title={notificationTexts.title}
        action={
          hasUnread ? (
            <Button variant="secondary" size="sm" onClick={live.markAllRead}>
              {notificationTexts.markAllRead}
            </Button>
          ) : null
        }
      />
      {items.length === 0 && cursor === null ? (
        <Card>
          <EmptyState icon={BellIcon} title={notificationTexts.emptyPage} />
        </Card>
      ) : (
        <Card className="overflow-hidden">
          <ul aria-label={notificationTexts.title} className="divide-y divide-slate-100">
            {items.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                now={now}
                onOpen={live.markRead}
                onBlocked={(userId) => setBlocked((ids) => new Set(ids).add(userId))}
              />
            ))}
          </ul>
        </Card>
      )}
      {cursor !== null ? (
        <div className="flex justify-center">
          {loading ? (
            <Spinner label={notificationTexts.loadingMore} />
          ) : (
            <Button variant="secondary" onClick={() => void onLoadMore()}>
              {notificationTexts.loadMore}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}

function NotificationItem({
  notification,
  now,
  onOpen,
  onBlocked,
}: {
  notification: Notification;
  now: number;
  onOpen: (ids: number[]) => void;
  onBlocked: (userId: number) => void;
}) {
  const link = notificationPageLink(notification);
  const unread = !notification.readAt;
  const row = <NotificationRow notification={notification} now={now} />;
  const me = useCurrentUser();
  const aboutOther = !isOwnNotice(notification.type) && notification.actorId !== me?.id;
  return (
    <li className={cn(unread && 'bg-brand-50')}>
      <div className="flex items-start">
        {link ? (
          <Link
            to={link}
            onClick={() => (unread ? onOpen([notification.id]) : undefined)}
            className="block min-w-0 flex-1 px-4 py-3 hover:bg-slate-50"
          >
            {row}
          </Link>
        ) : (
          <div className="min-w-0 flex-1 px-4 py-3">{row}</div>
        )}
        {aboutOther ? (
          <div className="py-3 pr-2">
            <MemberMenu target={{ userId: notification.actorId, name: notification.actorName }} onBlocked={onBlocked} />
          </div>
        ) : null}
      </div>
      {notification.meta.review ? (
        <div className="px-4 pb-3">
          <MentionReview notification={notification} />
        </div>
      ) : null}
    </li>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
