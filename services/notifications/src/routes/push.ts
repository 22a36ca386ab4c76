/**
 * Push notifications on the member's devices (decision 042), member-only:
 * - GET /api/notifications/push/key -> { publicKey }: the key a browser subscribes with
 * - POST /api/notifications/push/subscriptions (the browser's PushSubscription JSON) -> the device;
 *   the same endpoint again updates it (and takes it from another member who held it)
 * - DELETE /api/notifications/push/subscriptions?endpoint -> { removed: true }; 404 unless it is the caller's
 */
import { pushDeviceSchema, pushKeyAnswer, pushRemovedAnswer, pushSubscriptionBody, pushUnsubscribeQuery } from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import { subscribeDevice, unsubscribeDevice } from '../push/devices.js';
import { vapidDetails } from '../push/vapid.js';

export function pushRoutes(app: ServiceApp, n: Notifications): void {
  app.get(
    '/api/notifications/push/key',
    {
      schema: {
        ...memberOnly,
        operationId: 'getPushPublicKey',
        summary: "The server's VAPID public key, to subscribe a device to push notifications",
        response: { 200: pushKeyAnswer, 401: errors[401] },
      },
    },
    async () => ({ publicKey: (await vapidDetails(n)).publicKey }),
  );

  app.post(
    '/api/notifications/push/subscriptions',
    {
      schema: {
        ...memberOnly,
        operationId: 'subscribePushDevice',
        summary: "Subscribe this device to your push notifications (the browser's PushSubscription JSON; idempotent by endpoint)",
        body: pushSubscriptionBody,
        response: { 200: pushDeviceSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => subscribeDevice(n, memberOf(request), request.body, request.headers['user-agent']),
  );

  app.delete(
    '/api/notifications/push/subscriptions',
    {
      schema: {
        ...memberOnly,
        operationId: 'unsubscribePushDevice',
        summary: 'Stop push notifications to one of your devices (its endpoint)',
        querystring: pushUnsubscribeQuery,
        response: { 200: pushRemovedAnswer, 400: errors[400], 401: errors[401], 404: errors[404] },
      },
    },
    async (request) => {
      await unsubscribeDevice(n, memberOf(request).userId, request.query.endpoint);
      return { removed: true as const };
    },
  );
}
