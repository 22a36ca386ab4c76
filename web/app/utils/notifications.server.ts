/**
 * The notifications API (notifications service, through the gateway) as the web app uses it: pages
 * of the member's notifications, the unread count, and the read/seen marks.
 */
import { markAnswer, NEXT_CURSOR_HEADER, notificationListSchema, unreadCountAnswer, type NotificationPage } from '@kora/contracts';
import type { NotificationMark } from '~/schemas/notification-mark';
import { apiFetch, apiFetchWithHeaders } from './api.server';

type Token = string | null;

/** A page of notifications: the answer's array, and the next page's cursor from `X-Next-Cursor`. */
export async function fetchNotificationPage(request: Request, cursor: number | null, token: Token): Promise<NotificationPage> {
  const query = cursor ? `?${new URLSearchParams({ cursor: String(cursor) })}` : '';
  const { data, headers } = await apiFetchWithHeaders(request, `/api/notifications${query}`, { schema: notificationListSchema, token });
  const next = headers.get(NEXT_CURSOR_HEADER);
  return { notifications: data, nextCursor: next === null ? null : Number(next) };
}

export async function fetchUnreadCount(request: Request, token: Token, timeoutMs?: number): Promise<number> {
  const answer = await apiFetch(request, '/api/notifications/unread-count', { schema: unreadCountAnswer, token, timeoutMs });
  return answer.count;
}

const MARK_PATHS = { read: 'mark-read', 'all-read': 'mark-all-read', seen: 'mark-seen' } as const;

export function markNotifications(request: Request, mark: NotificationMark, token: Token) {
  const path = `/api/notifications/${MARK_PATHS[mark.kind]}`;
  return mark.kind === 'read'
    ? apiFetch(request, path, { json: { ids: mark.ids }, schema: markAnswer, token })
    : apiFetch(request, path, { method: 'POST', schema: markAnswer, token });
}
