/** The admin service: stats, users, site settings, post moderation, representative applications. */
import type { ServiceDefinition } from '@kora/platform/service';
import { migrations } from './db/migrations.js';
import { adminSchema } from './db/schema.js';
import { siteSettingsRoutes } from './routes/site-settings.js';
import { announceSiteSettings } from './site-settings/store.js';

export const adminService: ServiceDefinition = {
  name: 'admin',
  description: 'Admin back office: stats, users, site settings, post moderation, representative applications',
  schema: 'admin',
  migrations,
  routes(app, ctx) {
    const tables = adminSchema(ctx.schema);
    siteSettingsRoutes(app, ctx, tables);
  },
  async start(ctx) {
    const tables = adminSchema(ctx.schema);
    await ctx.transact((tx, emit) => announceSiteSettings(tx, tables, emit));
  },
};
