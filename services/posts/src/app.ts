/** The posts service: posts, reactions, comments, shares, saves, memories, the feed and post moderation state. */
import { adminRoutes, memberExportRoute, memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import { createPosts, type PostsOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { postsConsumers } from './events/subscriptions.js';
import { backfillHashtags } from './posts/hashtag-backfill.js';
import { adminPostRoutes } from './routes/admin-posts.js';
import { boostRoutes } from './routes/boosts.js';
import { groupPostRoutes } from './routes/group-posts.js';
import { hashtagRoutes } from './routes/hashtags.js';
import { interactionRoutes } from './routes/interactions.js';
import { internalStatsRoutes } from './routes/internal-stats.js';
import { memoryRoutes } from './routes/memories.js';
import { mentionRoutes } from './routes/mentions.js';
import { panelListRoutes } from './routes/panel-lists.js';
import { postRoutes } from './routes/posts.js';
import { adminReportRoutes, reportRoutes } from './routes/reports.js';
import { saveRoutes } from './routes/saves.js';
import { searchRoutes } from './routes/search.js';
import { createPostSearch } from './search/backend.js';
import { archiveSections } from './export/archive-sections.js';

export type { PostsOptions } from './context.js';

/**
 * The service definition. Its configuration (KORA_TIME_ZONE) is read from `options.env`, else
 * `process.env`, once per start.
 */
export function createPostsService(options: PostsOptions = {}): ServiceDefinition {
  const instance = perContext((ctx) => createPosts(ctx, options));
  // Posts search's engine (SEARCH_BACKEND, decision 048): PostgreSQL, or OpenSearch fed by our events.
  const postSearch = perContext((ctx) => createPostSearch(instance(ctx)));
  return {
    name: 'posts',
    description: 'Posts, reactions, comments, shares, saves, memories, the feed and post moderation state',
    schema: 'posts',
    migrations,
    async routes(app, ctx) {
      // The member's rows for their data archive, read by media's archive job (decision 035).
      memberExportRoute(app, archiveSections(ctx));
      const posts = instance(ctx);
      const search = postSearch(ctx);
      app.addHook('onClose', () => search.close());
      await memberRoutes(app, (members) => {
        postRoutes(members, posts);
        interactionRoutes(members, posts);
        saveRoutes(members, posts);
        memoryRoutes(members, posts);
        mentionRoutes(members, posts);
        groupPostRoutes(members, posts);
        boostRoutes(members, posts);
        reportRoutes(members, posts);
        // Search, hashtags and the right panel's lists (decision 025).
        searchRoutes(members, posts, search.search);
        hashtagRoutes(members, posts);
        panelListRoutes(members, posts);
      });
      // The back office's moderation (decision 024): admins only.
      await adminRoutes(app, (admins) => {
        adminPostRoutes(admins, posts);
        adminReportRoutes(admins, posts);
      });
      internalStatsRoutes(app, posts);
    },
    consumers: (ctx) => postsConsumers(instance(ctx), postSearch(ctx).consumers),
    // Tags of the posts and comments written before the hashtags table (migration 0010), once; the
    // search engine's index made and filled when new.
    start: async (ctx) => {
      await backfillHashtags(instance(ctx));
      await postSearch(ctx).start();
    },
  };
}
