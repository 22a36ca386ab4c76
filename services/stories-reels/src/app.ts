/** The stories-reels service: 24-hour stories and the reels feed with likes, comments and shares. */
import type { ServiceDefinition } from '@kora/platform/service';
import { migrations } from './db/migrations.js';

export const storiesReelsService: ServiceDefinition = {
  name: 'stories-reels',
  description: '24-hour stories and the reels feed with likes, comments and shares',
  schema: 'stories_reels',
  migrations,
  routes() {},
};
