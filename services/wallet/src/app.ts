/** The wallet service: the naira wallet: balance, ledger, card payments and package purchases. */
import { memberExportRoute, memberRoutes, perContext, type ServiceDefinition } from '@kora/platform/service';
import { createWallet, type WalletOptions } from './context.js';
import { migrations } from './db/migrations.js';
import { walletConsumers } from './events/subscriptions.js';
import { registerConfirmJob } from './jobs/confirm-payment.js';
import { registerSweepJob, scheduleSweepJob } from './jobs/sweep-pending.js';
import { balanceRoutes } from './routes/balance.js';
import { packagesRoutes } from './routes/packages.js';
import { paymentsRoutes } from './routes/payments.js';
import { sandboxRoutes } from './routes/sandbox.js';
import { transactionsRoutes } from './routes/transactions.js';
import { webhookRoutes } from './routes/webhook.js';
import { archiveSections } from './export/archive-sections.js';

export type { WalletOptions } from './context.js';

/**
 * The service definition. Its configuration (PAYSTACK_*, PAYMENTS_SANDBOX*, PUBLIC_URL,
 * KORA_TIME_ZONE) is read from `options.env`, else `process.env`, once per start.
 */
export function createWalletService(options: WalletOptions = {}): ServiceDefinition {
  const instance = perContext((ctx) => createWallet(ctx, options));
  return {
    name: 'wallet',
    description: 'Naira wallet: balance, ledger, card payments and package purchases',
    schema: 'wallet',
    migrations,
    async routes(app, ctx) {
      // The member's rows for their data archive, read by media's archive job (decision 035).
      memberExportRoute(app, archiveSections(ctx));
      const w = instance(ctx);
      // Public: the provider calls it, proven by its signature (not a member's token).
      await webhookRoutes(app, w);
      await memberRoutes(app, async (members) => {
        balanceRoutes(members, w);
        transactionsRoutes(members, w);
        paymentsRoutes(members, w);
        // The sandbox delivers its webhook to the root app's public route, as a provider would.
        sandboxRoutes(members, w, (request) => app.inject(request));
        await packagesRoutes(members, w);
      });
    },
    consumers: (ctx) => walletConsumers(instance(ctx)),
    jobs: (ctx) => {
      registerConfirmJob(instance(ctx));
      registerSweepJob(instance(ctx));
    },
    // One sweep schedule for all instances (declaring it again replaces it).
    start: (ctx) => scheduleSweepJob(instance(ctx)),
  };
}
