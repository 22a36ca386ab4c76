/**
 * GET /api/representatives/dev/mail: the admin service's dev outbox (the representative mails), at
 * a path the gateway already routes here and that needs no account, like auth's and notifications'
 * (the development mailbox is read before anyone signs in; nothing under /api/admin would do).
 * Served only while the dev outbox is the transport in use; left out of the API docs.
 */
import { devMailRoute, type ServiceApp } from '@kora/platform/service';
import type { Admin } from '../context.js';

export const ADMIN_DEV_MAIL_PATH = '/api/representatives/dev/mail';

export function devMailRoutes(app: ServiceApp, admin: Admin): void {
  devMailRoute(app, { path: ADMIN_DEV_MAIL_PATH, hide: true, config: admin.config, db: admin.ctx.db, table: admin.tables.devMail });
}
