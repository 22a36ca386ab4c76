/** The auth service: accounts, activation, sign-in, sessions, password recovery and member profiles. */
import { adminRoutes, memberExportRoute, memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import { reportEndedSessions } from './accounts/ended-sessions.js';
import { ensureFirstAdmin } from './accounts/first-admin.js';
import { AdminInputError } from './accounts/admins.js';
import { createAuth, type AuthOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { authConsumers } from './events/subscriptions.js';
import { registerMailQueue } from '@kora/platform/mail';
import { MAIL_QUEUE } from './jobs/mail-queue.js';
import { registerErasureJob, scheduleErasureJob } from './jobs/erase-accounts.js';
import { deletionRoutes } from './routes/deletion.js';
import { emailChangeRoutes, emailChangeLinkRoutes } from './routes/email-change.js';
import { accountRoutes } from './routes/accounts.js';
import { adminProfileRoutes } from './routes/admin-profile.js';
import { adminUserRoutes } from './routes/admin-users.js';
import { devMailRoutes } from './routes/dev-mail.js';
import { internalStatsRoutes } from './routes/internal-stats.js';
import { recoveryRoutes } from './routes/recovery.js';
import { securityRoutes } from './routes/security.js';
import { sessionRoutes } from './routes/session.js';
import { signInRoutes } from './routes/sign-in.js';
import { signOutRoutes } from './routes/sign-out.js';
import { twoStepSignInRoutes } from './routes/two-step-sign-in.js';
import { twoStepRoutes } from './routes/two-step.js';
import { userRoutes } from './routes/users.js';
import { archiveSections } from './export/archive-sections.js';

export type { AuthOptions } from './context.js';

/**
 * The service definition. Its configuration (ACCESS_TOKEN_SECRET, PUBLIC_URL, SMTP_URL,
 * MAIL_DEV_OUTBOX, MAIL_FROM, KORA_TIME_ZONE, KORA_ADMIN_*) is read from `options.env`, else `process.env`, once per start.
 */
export function createAuthService(options: AuthOptions = {}): ServiceDefinition {
  const instance = perContext((ctx) => createAuth(ctx, options));
  return {
    name: 'auth',
    description: 'Accounts, activation, sign-in, sessions, password recovery and member profiles',
    schema: 'auth',
    migrations,
    jobs(ctx) {
      registerMailQueue(ctx, MAIL_QUEUE, instance(ctx).mailer);
      registerErasureJob(instance(ctx));
    },
    async routes(app, ctx) {
      // The member's rows for their data archive, read by media's archive job (decision 035).
      memberExportRoute(app, archiveSections(ctx));
      const auth = instance(ctx);
      reportEndedSessions(app);
      accountRoutes(app, auth);
      signInRoutes(app, auth);
      twoStepSignInRoutes(app, auth);
      recoveryRoutes(app, auth);
      await userRoutes(app, auth);
      await memberRoutes(app, (members) => {
        sessionRoutes(members);
        signOutRoutes(members, auth);
        securityRoutes(members, auth);
        deletionRoutes(members, auth);
        emailChangeRoutes(members, auth);
        twoStepRoutes(members, auth);
      });
      emailChangeLinkRoutes(app, auth);
      devMailRoutes(app, auth);
      // After userRoutes: the multipart parser it registers serves the admin's avatar upload too.
      // The back office: one group that lets only admins in, before the request is read.
      await adminRoutes(app, (admins) => {
        adminUserRoutes(admins, auth);
        adminProfileRoutes(admins, auth);
      });
      internalStatsRoutes(app, auth);
    },
    consumers: (ctx) => authConsumers(instance(ctx)),
    async start(ctx) {
      await scheduleErasureJob(instance(ctx));
      // KORA_ADMIN_* (all three set): the first admin, once per database (accounts/first-admin.ts).
      // A refusal (the username belongs to another account) is logged, not fatal: the product
      // keeps serving, and the create-admin command can settle it.
      try {
        await ensureFirstAdmin(instance(ctx));
      } catch (err) {
        if (!(err instanceof AdminInputError)) throw err;
        ctx.log.error({ reason: err.message }, 'KORA_ADMIN_* not applied');
      }
    },
  };
}
