/**
 * GET /api/notifications/dev/mail: the digests this service "sent" while the dev outbox is the
 * transport in use (the platform's listing route, auth's shape and off-rule). The web's development
 * mailbox merges it with auth's GET /api/dev/mail; auth's is the documented one, so this is hidden.
 */
import { devMailRoute, type ServiceApp } from '@kora/platform/service';
import type { Notifications } from '../context.js';

export function devMailRoutes(app: ServiceApp, n: Notifications): void {
  devMailRoute(app, { path: '/api/notifications/dev/mail', hide: true, config: n.config, db: n.ctx.db, table: n.tables.devMail });
}
