/**
 * What the notifications routes, consumers, jobs and live delivery share for one running instance:
 * the platform context, the tables of this instance's schema, the configuration (parsed once), the
 * instance's live hub (the sockets it holds), presence, the clock and the digest's mail sender.
 */
import type { ServiceContext } from '@kora/platform/service';
import { loadNotificationsConfig, type NotificationsConfig } from './config.js';
import { notificationsSchema, type NotificationsTables } from './db/schema.js';
import { LiveHub } from './live/hub.js';
import { Presence } from './live/presence.js';

export interface NotificationsOptions {
  /** Variables to read instead of `process.env` (tests). */
  env?: Record<string, string | undefined>;
  /** The clock the digest reads (tests set "now"). */
  now?: () => Date;
}

export interface Notifications {
  ctx: ServiceContext;
  tables: NotificationsTables;
  config: NotificationsConfig;
  live: LiveHub;
  presence: Presence;
  now(): Date;
}

export function createNotifications(ctx: ServiceContext, options: NotificationsOptions): Notifications {
  const config = loadNotificationsConfig(options.env ?? process.env);
  const presence = new Presence(ctx.store, config.NOTIFICATIONS_PRESENCE_TTL_MS ?? 3 * config.NOTIFICATIONS_HEARTBEAT_MS, ctx.log);
  return {
    ctx,
    tables: notificationsSchema(ctx.schema),
    config,
    live: new LiveHub({ maxSocketsPerMember: config.NOTIFICATIONS_MAX_SOCKETS_PER_MEMBER, log: ctx.log, presence }),
    presence,
    now: options.now ?? (() => new Date()),
  };
}
