/** The stories-reels service: 24-hour stories and the reels feed with likes, comments and shares. */
import { memberExportRoute, memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import { createStoriesReels, type StoriesReelsOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { storiesReelsConsumers } from './events/subscriptions.js';
import { registerPurgeJob, schedulePurgeJob } from './jobs/purge-stories.js';
import { reelRoutes } from './routes/reels.js';
import { storyRoutes } from './routes/stories.js';
import { archiveSections } from './export/archive-sections.js';

export type { StoriesReelsOptions } from './context.js';

export function createStoriesReelsService(options: StoriesReelsOptions = {}): ServiceDefinition {
  const instance = perContext((ctx) => createStoriesReels(ctx, options));
  return {
    name: 'stories-reels',
    description: '24-hour stories and the reels feed with likes, comments and shares',
    schema: 'stories_reels',
    migrations,
    async routes(app, ctx) {
      // The member's rows for their data archive, read by media's archive job (decision 035).
      memberExportRoute(app, archiveSections(ctx));
      const sr = instance(ctx);
      await memberRoutes(app, async (members) => {
        await storyRoutes(members, sr);
        await reelRoutes(members, sr);
      });
    },
    consumers: (ctx) => storiesReelsConsumers(instance(ctx)),
    jobs: (ctx) => registerPurgeJob(instance(ctx)),
    // One schedule for all instances (declaring it again replaces it).
    start: (ctx) => schedulePurgeJob(instance(ctx)),
  };
}
