/** The settings service: member general, privacy and notification settings. */
import type { ServiceDefinition } from '@kora/platform/service';
import { migrations } from './db/migrations.js';

export const settingsService: ServiceDefinition = {
  name: 'settings',
  description: 'Member general, privacy and notification settings',
  schema: 'settings',
  migrations,
  routes() {},
};
