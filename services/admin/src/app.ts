/** The admin service: admin back office: stats, users, site settings, post moderation, representative applications. */
import type { ServiceDefinition } from '@kora/platform';
import { migrations } from './db/migrations.js';

export const adminService: ServiceDefinition = {
  name: 'admin',
  description: 'Admin back office: stats, users, site settings, post moderation, representative applications',
  schema: 'admin',
  migrations,
  routes() {},
};
