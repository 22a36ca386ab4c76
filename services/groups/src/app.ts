/** The groups service: groups, membership and join approval. */
import { memberExportRoute, memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import { createGroups } from './context.js';
import { migrations } from './db/migrations.js';
import { groupsConsumers } from './events/subscriptions.js';
import { groupRoutes } from './routes/groups.js';
import { membershipRoutes } from './routes/membership.js';
import { peopleRoutes } from './routes/people.js';
import { archiveSections } from './export/archive-sections.js';

export function createGroupsService(): ServiceDefinition {
  const instance = perContext(createGroups);
  return {
    name: 'groups',
    description: 'Groups, membership and join approval',
    schema: 'groups',
    migrations,
    async routes(app, ctx) {
      // The member's rows for their data archive, read by media's archive job (decision 035).
      memberExportRoute(app, archiveSections(ctx));
      const groups = instance(ctx);
      await memberRoutes(app, async (members) => {
        groupRoutes(members, groups);
        await membershipRoutes(members, groups);
        await peopleRoutes(members, groups);
      });
    },
    consumers: (ctx) => groupsConsumers(instance(ctx)),
  };
}
