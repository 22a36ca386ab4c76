/** The messages service (decision 039): conversations, messages, read marks, requests and reported messages. */
import { adminRoutes, memberExportRoute, memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import { createMessages, type MessagesOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { messagesConsumers } from './events/subscriptions.js';
import { archiveSections } from './export/archive-sections.js';
import { adminReportRoutes } from './routes/admin-reports.js';
import { conversationRoutes } from './routes/conversations.js';
import { messageRoutes } from './routes/messages.js';

export type { MessagesOptions } from './context.js';

export function createMessagesService(options: MessagesOptions = {}): ServiceDefinition {
  const instance = perContext((ctx) => createMessages(ctx, options));
  return {
    name: 'messages',
    description: 'Conversations one-to-one and in small groups, messages, read marks and message requests',
    schema: 'messages',
    migrations,
    async routes(app, ctx) {
      // The member's rows for their data archive, read by media's archive job (decision 035).
      memberExportRoute(app, archiveSections(ctx));
      const m = instance(ctx);
      await memberRoutes(app, async (members) => {
        await conversationRoutes(members, m);
        await messageRoutes(members, m);
      });
      await adminRoutes(app, (admins) => adminReportRoutes(admins, m));
    },
    consumers: (ctx) => messagesConsumers(instance(ctx)),
  };
}
