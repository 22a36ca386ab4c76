/** The posts service: posts, reactions, comments, shares, saves, memories, the feed and post moderation state. */
import type { ServiceDefinition } from '@kora/platform';
import { migrations } from './db/migrations.js';

export const postsService: ServiceDefinition = {
  name: 'posts',
  description: 'Posts, reactions, comments, shares, saves, memories, the feed and post moderation state',
  schema: 'posts',
  migrations,
  routes() {},
};
