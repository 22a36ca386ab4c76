/**
 * What a push says about one notification (decision 042): the actor's name as the title (the
 * product's name for a notice about the member's own things, which has no actor), the
 * notification's text, where it leads in the web app (the same link the notifications page uses),
 * and a tag per thing, so a conversation's newer push replaces its older one on the device.
 */
import { isOwnNotice, notificationLink, pushTexts, type Notification, type PushMessage } from '@kora/contracts';

export function pushMessageOf(notification: Notification): PushMessage {
  return {
    title: isOwnNotice(notification.type) ? pushTexts.productName : notification.actorName,
    body: notification.message,
    url: notificationLink(notification),
    tag: `notification-${notification.entityType}-${notification.entityId}`,
  };
}
