/** The groups service: groups, membership and join approval. */
import type { ServiceDefinition } from '@kora/platform/service';
import { migrations } from './db/migrations.js';

export const groupsService: ServiceDefinition = {
  name: 'groups',
  description: 'Groups, membership and join approval',
  schema: 'groups',
  migrations,
  routes() {},
};
