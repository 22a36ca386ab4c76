/**
 * One notification as the dropdown and the page show it: the actor's picture, "actorName message"
 * (a notice about the member's own wallet is its message alone: `isOwnNotice`), how long ago, and a
 * dot while it is unread.
 */
import { isOwnNotice, localizedNotificationMessage, notificationTexts, type Notification } from '@kora/contracts';
import { Avatar } from '~/components/avatar';
import { RelativeTime } from '~/components/ui/relative-time';
import { avatarSrc } from '~/utils/media';

export function NotificationRow({ notification, now }: { notification: Notification; now: number }) {
  const unread = !notification.readAt;
  const message = localizedNotificationMessage(notification.message);
  return (
    <div className="flex w-full items-start gap-3 text-left">
      <Avatar name={notification.actorName} src={avatarSrc(notification.actorAvatar)} className="size-11" />
      <div className="min-w-0 flex-1">
        <p className="break-words text-sm font-normal text-slate-800">
          {isOwnNotice(notification.type) ? (
            message
          ) : (
            <>
              {/* bdi: a name's right-to-left marks must not turn the message after it around. */}
              <bdi className="font-semibold text-slate-900">{notification.actorName}</bdi> {message}
            </>
          )}
        </p>
        <RelativeTime
          value={notification.createdAt}
          now={now}
          className={unread ? 'text-xs font-semibold text-brand-700' : 'text-xs text-slate-500'}
        />
      </div>
      {unread ? (
        <span className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-600">
          <span className="sr-only">{notificationTexts.unread}</span>
        </span>
      ) : null}
    </div>
  );
}
