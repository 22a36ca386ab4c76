/**
 * The notification list and read state (the notification dropdown, the notifications page).
 * - GET /api/notifications?cursor&limit -> [notification], newest first, 20 a page; the next page in
 *   Link / X-Next-Cursor (decision 015)
 * - GET /api/notifications/unread-count -> { count }
 * - POST /api/notifications/mark-read { ids } -> { updated, unread } (only the caller's own ids)
 * - POST /api/notifications/mark-all-read -> { updated, unread }
 * - POST /api/notifications/mark-seen -> { updated, unread } (the dropdown was opened)
 */
import { markAnswer, markReadBody, notificationListSchema, notificationPageQuery, unreadCountAnswer } from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp, setNextPage } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import { markAllRead, markAllSeen, markRead, notificationPageOf, unreadCount } from '../notifications/read-state.js';

export function notificationRoutes(app: ServiceApp, n: Notifications): void {
  app.get(
    '/api/notifications',
    {
      schema: {
        ...memberOnly,
        operationId: 'listNotifications',
        summary: 'Your notifications, newest first; `cursor` is the last id of the previous page',
        querystring: notificationPageQuery,
        response: { 200: notificationListSchema, 400: errors[400], 401: errors[401] },
      },
      config: { pagedList: true },
    },
    async (request, reply) => {
      const page = await notificationPageOf(n, memberOf(request).userId, request.query);
      setNextPage(reply, page.nextCursor, request.query.limit);
      return page.notifications;
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      schema: {
        ...memberOnly,
        operationId: 'getUnreadNotificationCount',
        summary: 'How many of your notifications are unread',
        response: { 200: unreadCountAnswer, 401: errors[401] },
      },
    },
    async (request) => ({ count: await unreadCount(n, memberOf(request).userId) }),
  );

  app.post(
    '/api/notifications/mark-read',
    {
      schema: {
        ...memberOnly,
        operationId: 'markNotificationsRead',
        summary: 'Mark some of your notifications read (ids that are not yours are ignored)',
        body: markReadBody,
        response: { 200: markAnswer, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => markRead(n, memberOf(request).userId, request.body.ids),
  );

  app.post(
    '/api/notifications/mark-all-read',
    {
      schema: {
        ...memberOnly,
        operationId: 'markAllNotificationsRead',
        summary: 'Mark all your notifications read',
        response: { 200: markAnswer, 401: errors[401] },
      },
    },
    async (request) => markAllRead(n, memberOf(request).userId),
  );

  app.post(
    '/api/notifications/mark-seen',
    {
      schema: {
        ...memberOnly,
        operationId: 'markAllNotificationsSeen',
        summary: 'Mark all your notifications seen (the dropdown was opened)',
        response: { 200: markAnswer, 401: errors[401] },
      },
    },
    async (request) => markAllSeen(n, memberOf(request).userId),
  );
}
