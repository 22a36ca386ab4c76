/** The notifications service: notifications from events, their read state, and live delivery over WebSocket. */
import type { ServiceDefinition } from '@kora/platform';
import { migrations } from './db/migrations.js';

export const notificationsService: ServiceDefinition = {
  name: 'notifications',
  description: 'Notifications from events, their read state, and live delivery over WebSocket',
  schema: 'notifications',
  migrations,
  routes() {},
};
