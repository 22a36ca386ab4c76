/** A member's notifications as the notifications API lists and counts them. */
import type { Notification } from '@kora/contracts';
import { auth, type SignedIn } from './members.js';
import { api, body } from './product.js';

/** The first page of `who`'s notifications. */
export const notificationsOf = async (who: SignedIn) => body<Notification[]>(await api('/api/notifications', auth(who.token)));

/** How many of `who`'s notifications are unread. */
export const unreadOf = async (who: SignedIn) =>
  (await body<{ count: number }>(await api('/api/notifications/unread-count', auth(who.token)))).count;
