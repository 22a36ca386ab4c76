/** The auth service: accounts, activation, sign-in, sessions, password recovery and member profiles. */
import { perContext, type ServiceDefinition } from '@kora/platform/service';
import { createAuth, type Auth, type AuthOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { authConsumers } from './events/subscriptions.js';
import { registerMailQueue } from './jobs/mail-queue.js';
import { accountRoutes } from './routes/accounts.js';
import { devMailRoutes } from './routes/dev-mail.js';
import { recoveryRoutes } from './routes/recovery.js';
import { securityRoutes } from './routes/security.js';
import { sessionRoutes } from './routes/session.js';
import { signInRoutes } from './routes/sign-in.js';
import { userRoutes } from './routes/users.js';

export type { AuthOptions } from './context.js';

/**
 * The service definition. Its configuration (ACCESS_TOKEN_SECRET, PUBLIC_URL, SMTP_URL,
 * MAIL_DEV_OUTBOX, MAIL_FROM) is read from `options.env`, else `process.env`, once per start.
 */
export function createAuthService(options: AuthOptions = {}): ServiceDefinition {
  const instance = perContext((ctx) => createAuth(ctx, options));
  return {
    name: 'auth',
    description: 'Accounts, activation, sign-in, sessions, password recovery and member profiles',
    schema: 'auth',
    migrations,
    jobs(ctx) {
      registerMailQueue(ctx, instance(ctx).mailer);
    },
    async routes(app, ctx) {
      const auth = instance(ctx);
      sessionRoutes(app);
      accountRoutes(app, auth);
      signInRoutes(app, auth);
      recoveryRoutes(app, auth);
      await userRoutes(app, auth);
      securityRoutes(app, auth);
      devMailRoutes(app, auth);
    },
    consumers: (ctx) => authConsumers(instance(ctx)),
  };
}

export const authService = createAuthService();
