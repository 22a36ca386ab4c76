/** The friends service: friend requests, friends lists and suggestions. */
import type { ServiceDefinition } from '@kora/platform';
import { migrations } from './db/migrations.js';

export const friendsService: ServiceDefinition = {
  name: 'friends',
  description: 'Friend requests, friends lists and suggestions',
  schema: 'friends',
  migrations,
  routes() {},
};
