/** The friends service: friend requests, friends lists and suggestions. */
import { perContext, requireMember, type ServiceDefinition } from '@kora/platform';
import { createFriends, type Friends, type FriendsOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { friendsConsumers } from './events/subscriptions.js';
import { friendRoutes } from './routes/friends.js';
import { requestRoutes } from './routes/requests.js';

export type { FriendsOptions } from './context.js';

export function createFriendsService(options: FriendsOptions = {}): ServiceDefinition {
  const instance = perContext((ctx) => createFriends(ctx, options));
  return {
    name: 'friends',
    description: 'Friend requests, friends lists and suggestions',
    schema: 'friends',
    migrations,
    async routes(app, ctx) {
      const friends = instance(ctx);
      await app.register(async (members) => {
        // Every route here is for signed-in members: refuse anonymous callers before reading the
        // request, so they learn nothing from validation answers either.
        members.addHook('onRequest', async (request) => void requireMember(request));
        requestRoutes(members, friends);
        friendRoutes(members, friends);
      });
    },
    consumers: (ctx) => friendsConsumers(instance(ctx)),
  };
}

export const friendsService = createFriendsService();
