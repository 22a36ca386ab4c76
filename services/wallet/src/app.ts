/** The wallet service: naira wallet: balance, ledger, payments and package purchases. */
import type { ServiceDefinition } from '@kora/platform/service';
import { migrations } from './db/migrations.js';

export const walletService: ServiceDefinition = {
  name: 'wallet',
  description: 'Naira wallet: balance, ledger, payments and package purchases',
  schema: 'wallet',
  migrations,
  routes() {},
};
