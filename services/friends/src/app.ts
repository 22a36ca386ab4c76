/** The friends service: friend requests, friends lists and suggestions. */
import { memberExportRoute, memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import { createFriends, type FriendsOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { friendsConsumers } from './events/subscriptions.js';
import { blockRoutes } from './routes/blocks.js';
import { friendRoutes } from './routes/friends.js';
import { requestRoutes } from './routes/requests.js';
import { archiveSections } from './export/archive-sections.js';

export type { FriendsOptions } from './context.js';

export function createFriendsService(options: FriendsOptions = {}): ServiceDefinition {
  const instance = perContext((ctx) => createFriends(ctx, options));
  return {
    name: 'friends',
    description: 'Friend requests, friends lists, suggestions and blocks',
    schema: 'friends',
    migrations,
    async routes(app, ctx) {
      // The member's rows for their data archive, read by media's archive job (decision 035).
      memberExportRoute(app, archiveSections(ctx));
      const friends = instance(ctx);
      await memberRoutes(app, (members) => {
        requestRoutes(members, friends);
        friendRoutes(members, friends);
        blockRoutes(members, friends);
      });
    },
    consumers: (ctx) => friendsConsumers(instance(ctx)),
  };
}
