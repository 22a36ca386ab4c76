/** The browser's side of routes/resources.notifications.tsx (plain fetch; see that route for why). */
import { notificationTexts, type NotificationPage } from '@kora/contracts';
import { notificationMarkForm, type NotificationMark } from '~/schemas/notification-mark';

export const NOTIFICATIONS_URL = '/resources/notifications';

async function answer<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as (T & { error?: string }) | null;
  if (!response.ok || body === null) throw new Error(body?.error ?? notificationTexts.requestFailed);
  return body;
}

const init: RequestInit = { credentials: 'same-origin', redirect: 'manual', cache: 'no-store' };

export async function loadNotifications(cursor: number | null = null): Promise<{ page: NotificationPage; unread: number }> {
  const query = cursor ? `?${new URLSearchParams({ cursor: String(cursor) })}` : '';
  return answer(await fetch(`${NOTIFICATIONS_URL}${query}`, init));
}

export async function sendNotificationMark(mark: NotificationMark): Promise<{ updated: number; unread: number }> {
  return answer(await fetch(NOTIFICATIONS_URL, { ...init, method: 'POST', body: notificationMarkForm(mark) }));
}
