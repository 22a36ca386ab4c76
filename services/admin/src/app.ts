/**
 * The admin service: stats, the audit log, site settings and representative applications (users,
 * the admin profile, posts and reports are answered by auth and posts: decision 024).
 */
import { adminRoutes, perContext, type ServiceContext, type ServiceDefinition } from '@kora/platform/service';
import { createAdmin, type Admin, type AdminOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { adminConsumers } from './events/subscriptions.js';
import { registerMailQueue } from '@kora/platform/mail';
import { MAIL_QUEUE } from './jobs/mail-queue.js';
import { backOfficeRoutes } from './routes/back-office.js';
import { devMailRoutes } from './routes/dev-mail.js';
import { representativeRoutes } from './routes/representatives.js';
import { siteSettingsRoutes } from './routes/site-settings.js';
import { announceSiteSettings } from './site-settings/store.js';

export type { AdminOptions } from './context.js';

export interface AdminServiceDefinition extends ServiceDefinition {
  /** The running instance's handle (its tables, config and mailer), for tests. */
  handleOf(ctx: ServiceContext): Admin;
}

/**
 * The service definition. Its configuration (the mail variables, KORA_TIME_ZONE) is read from
 * `options.env`, else `process.env`, once per start.
 */
export function createAdminService(options: AdminOptions = {}): AdminServiceDefinition {
  const instance = perContext((ctx) => createAdmin(ctx, options));
  return {
    name: 'admin',
    description: 'Admin back office: stats, audit log, site settings, representative applications',
    schema: 'admin',
    migrations,
    async routes(app, ctx) {
      const admin = instance(ctx);
      // The back office: one group that lets only admins in, before the request is read.
      await adminRoutes(app, (admins) => {
        siteSettingsRoutes(admins, ctx, admin.tables, admin.config);
        backOfficeRoutes(admins, admin);
      });
      // Public: anyone may apply; the development mailbox is read before anyone has an account.
      representativeRoutes(app, admin);
      devMailRoutes(app, admin);
      app.addHook('onClose', async () => admin.mailer.close());
    },
    consumers: (ctx) => adminConsumers(instance(ctx)),
    jobs: (ctx) => registerMailQueue(ctx, MAIL_QUEUE, instance(ctx).mailer),
    async start(ctx) {
      const admin = instance(ctx);
      await ctx.transact((tx, emit) => announceSiteSettings(tx, admin.tables, emit));
    },
    handleOf: instance,
  };
}
