/**
 * GET /api/dev/mail: auth's dev outbox (the platform's listing route, served only while the dev
 * outbox is the transport in use). Also at /api/auth/dev/mail, a path the gateway already routes to
 * this service; that alias is left out of the API docs.
 */
import { devMailRoute, type ServiceApp } from '@kora/platform/service';
import type { Auth } from '../context.js';

export function devMailRoutes(app: ServiceApp, auth: Auth): void {
  for (const path of ['/api/dev/mail', '/api/auth/dev/mail']) {
    devMailRoute(app, { path, hide: path !== '/api/dev/mail', config: auth.config, db: auth.ctx.db, table: auth.tables.devMail });
  }
}
