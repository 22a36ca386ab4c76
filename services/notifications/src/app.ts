/** The notifications service: notifications from events, their read state, and live delivery over WebSocket. */
import websocket from '@fastify/websocket';
import { countLiveSockets } from '@kora/platform/metrics';
import { memberExportRoute, memberRoutes, perContext, type ServiceContext, type ServiceDefinition } from '@kora/platform/service';
import { createNotifications, type Notifications, type NotificationsOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { DIGEST_QUEUE, digestSender, registerDigestJob } from './digest/daily-digest.js';
import { notificationsConsumers } from './events/subscriptions.js';
import { EventLoopDelay } from './live/event-loop.js';
import { startLiveFeed } from './live/feed.js';
import { startHeartbeat } from './live/heartbeat.js';
import { devMailRoutes } from './routes/dev-mail.js';
import { eventLoopRoute } from './routes/event-loop.js';
import { notificationRoutes } from './routes/notifications.js';
import { presenceRoutes } from './routes/presence.js';
import { pushRoutes } from './routes/push.js';
import { registerPushJob } from './push/send.js';
import { vapidDetails } from './push/vapid.js';
import { socketRoute } from './routes/socket.js';
import { archiveSections } from './export/archive-sections.js';

export type { NotificationsOptions } from './context.js';
export type { EventLoopWindow } from './live/event-loop.js';

export interface NotificationsServiceDefinition extends ServiceDefinition {
  /** The running instance's handle (its tables, config and live hub), for tests. */
  handleOf(ctx: ServiceContext): Notifications;
}

/** Client frames are never needed: a small cap means a hostile client cannot make us buffer much. */
const MAX_CLIENT_FRAME_BYTES = 1024;

/**
 * The service definition. Its configuration (NOTIFICATIONS_*) is read from `options.env`, else
 * `process.env`, once per start.
 */
export function createNotificationsService(options: NotificationsOptions = {}): NotificationsServiceDefinition {
  const instance = perContext((ctx) => createNotifications(ctx, options));
  const mail = perContext((ctx) => digestSender(instance(ctx)));
  return {
    name: 'notifications',
    description: 'Notifications from events, their read state, and live delivery over WebSocket',
    schema: 'notifications',
    migrations,
    async routes(app, ctx) {
      // The member's rows for their data archive, read by media's archive job (decision 035).
      memberExportRoute(app, archiveSections(ctx));
      const n = instance(ctx);
      await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME_BYTES, perMessageDeflate: false } });
      // The socket's handshake too: anonymous callers are refused before the upgrade.
      await memberRoutes(app, (members) => {
        notificationRoutes(members, n);
        presenceRoutes(members, n);
        pushRoutes(members, n);
        socketRoute(members, n);
      });
      // Public like auth's: the development mailbox is read before anyone has an account.
      devMailRoutes(app, n);
      const loopDelay = new EventLoopDelay();
      eventLoopRoute(app, loopDelay);

      // This instance's own live feed and heartbeat; both end with the app (before the consumers).
      const feed = await startLiveFeed(ctx, n.live);
      // Announced before taking sockets, so other instances look for this one's members at once.
      await n.presence.refresh([]);
      const stopHeartbeat = startHeartbeat(n.live, n.presence, n.config.NOTIFICATIONS_HEARTBEAT_MS);
      const stopCountingSockets = countLiveSockets(() => n.live.registry.counts().sockets);
      app.addHook('onClose', async () => {
        stopHeartbeat();
        stopCountingSockets();
        loopDelay.stop();
        await feed.stop();
        await n.presence.stop(n.live.registry.memberIds());
        await mail(ctx).close();
      });
    },
    consumers: (ctx) => notificationsConsumers(instance(ctx), mail(ctx)),
    jobs: (ctx) => {
      registerDigestJob(instance(ctx), mail(ctx));
      registerPushJob(instance(ctx));
    },
    async start(ctx) {
      // One schedule for all instances (declaring it again replaces it).
      await ctx.jobs.repeat(DIGEST_QUEUE, 'daily-digest', {}, { everyMs: instance(ctx).config.NOTIFICATIONS_DIGEST_EVERY_MS });
      // The VAPID pair is read, or made and stored, at start: no request ever writes it (decision 042).
      await vapidDetails(instance(ctx));
    },
    handleOf: instance,
  };
}
