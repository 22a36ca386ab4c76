/** The settings service: member general, privacy and notification settings, and what members muted. */
import { memberExportRoute, memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import { createSettings } from './context.js';
import { migrations } from './db/migrations.js';
import { settingsConsumers } from './events/subscriptions.js';
import { internalTimezoneRoutes } from './routes/internal-timezone.js';
import { muteRoutes } from './routes/mutes.js';
import { tabRoutes } from './routes/tabs.js';
import { unsubscribeRoutes } from './routes/unsubscribe.js';
import { archiveSections } from './export/archive-sections.js';

export function createSettingsService(): ServiceDefinition {
  const instance = perContext(createSettings);
  return {
    name: 'settings',
    description: 'Member general, privacy and notification settings, and mutes',
    schema: 'settings',
    migrations,
    async routes(app, ctx) {
      // The member's rows for their data archive, read by media's archive job (decision 035).
      memberExportRoute(app, archiveSections(ctx));
      const settings = instance(ctx);
      await memberRoutes(app, (members) => {
        tabRoutes(members, settings);
        muteRoutes(members, settings);
      });
      await unsubscribeRoutes(app, settings);
      internalTimezoneRoutes(app, settings);
    },
    consumers: (ctx) => settingsConsumers(instance(ctx)),
  };
}
