/** Where a notification leads: one implementation in the contracts, shared with the service that sends pushes (decision 042). */
export { notificationLink, notificationPageLink, notificationTarget, type NotificationTarget } from '@kora/contracts';
