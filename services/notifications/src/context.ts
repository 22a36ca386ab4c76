/**
 * What the notifications routes, consumers and live delivery share for one running instance: the
 * platform context, the tables of this instance's schema, the configuration (parsed once) and the
 * instance's live hub (the sockets it holds).
 */
import type { ServiceContext } from '@kora/platform/service';
import { loadNotificationsConfig, type NotificationsConfig } from './config.js';
import { notificationsSchema, type NotificationsTables } from './db/schema.js';
import { LiveHub } from './live/hub.js';

export interface NotificationsOptions {
  /** Variables to read instead of `process.env` (tests). */
  env?: Record<string, string | undefined>;
}

export interface Notifications {
  ctx: ServiceContext;
  tables: NotificationsTables;
  config: NotificationsConfig;
  live: LiveHub;
}

export function createNotifications(ctx: ServiceContext, options: NotificationsOptions): Notifications {
  const config = loadNotificationsConfig(options.env ?? process.env);
  return {
    ctx,
    tables: notificationsSchema(ctx.schema),
    config,
    live: new LiveHub({ maxSocketsPerMember: config.NOTIFICATIONS_MAX_SOCKETS_PER_MEMBER, log: ctx.log }),
  };
}
