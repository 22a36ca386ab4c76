/** The posts service: posts, reactions, comments, shares, saves, memories, the feed and post moderation state. */
import { memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import { createPosts, type Posts, type PostsOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { postsConsumers } from './events/subscriptions.js';
import { adminRoutes } from './routes/admin-access.js';
import { adminPostRoutes } from './routes/admin-posts.js';
import { boostRoutes } from './routes/boosts.js';
import { groupPostRoutes } from './routes/group-posts.js';
import { interactionRoutes } from './routes/interactions.js';
import { internalStatsRoutes } from './routes/internal-stats.js';
import { memoryRoutes } from './routes/memories.js';
import { mentionRoutes } from './routes/mentions.js';
import { postRoutes } from './routes/posts.js';
import { adminReportRoutes, reportRoutes } from './routes/reports.js';
import { saveRoutes } from './routes/saves.js';

export type { PostsOptions } from './context.js';

/**
 * The service definition. Its configuration (KORA_TIME_ZONE) is read from `options.env`, else
 * `process.env`, once per start.
 */
export function createPostsService(options: PostsOptions = {}): ServiceDefinition {
  const instance = perContext((ctx) => createPosts(ctx, options));
  return {
    name: 'posts',
    description: 'Posts, reactions, comments, shares, saves, memories, the feed and post moderation state',
    schema: 'posts',
    migrations,
    async routes(app, ctx) {
      const posts = instance(ctx);
      await memberRoutes(app, (members) => {
        postRoutes(members, posts);
        interactionRoutes(members, posts);
        saveRoutes(members, posts);
        memoryRoutes(members, posts);
        mentionRoutes(members, posts);
        groupPostRoutes(members, posts);
        boostRoutes(members, posts);
        reportRoutes(members, posts);
      });
      // The back office's moderation (decision 024): admins only.
      await adminRoutes(app, (admins) => {
        adminPostRoutes(admins, posts);
        adminReportRoutes(admins, posts);
      });
      internalStatsRoutes(app, posts);
    },
    consumers: (ctx) => postsConsumers(instance(ctx)),
  };
}

export const postsService = createPostsService();
