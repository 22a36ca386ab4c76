/**
 * What the wallet routes, consumers and jobs share for one running instance: the platform context,
 * the tables of this instance's schema, the configuration (parsed once) and the clock every "is this
 * plan still active?" and "is this date after today?" question asks (tests move it).
 */
import type { ServiceContext } from '@kora/platform/service';
import { loadWalletConfig, type WalletConfig } from './config.js';
import { walletSchema, type WalletTables } from './db/schema.js';

export interface WalletOptions {
  /** Variables to read instead of `process.env` (tests: a fake Paystack's URL and key). */
  env?: Record<string, string | undefined>;
  /** The current time; tests pass a clock they move (a plan's 30 days pass without sleeping). */
  now?: () => Date;
}

export interface Wallet {
  ctx: ServiceContext;
  tables: WalletTables;
  config: WalletConfig;
  now: () => Date;
}

export function createWallet(ctx: ServiceContext, options: WalletOptions = {}): Wallet {
  return {
    ctx,
    tables: walletSchema(ctx.schema),
    config: loadWalletConfig(options.env ?? process.env),
    now: options.now ?? (() => new Date()),
  };
}
