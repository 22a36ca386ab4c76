/**
 * The wallet service's own configuration, on top of the platform's variables. Parsed once per start
 * against a zod schema; a bad value stops the start with the list of problems (decision 023).
 *
 * - PAYSTACK_SECRET_KEY: when set, card payments go to Paystack (the key also signs its webhooks).
 * - PAYSTACK_BASE_URL: Paystack's API (default https://api.paystack.co; tests point it at a fake).
 * - PAYSTACK_TIMEOUT_MS: how long one call to the provider may take (default 10 s); calls that
 *   time out or answer 5xx are retried twice.
 * - PAYMENTS_SANDBOX: the test checkout on Kora's own /checkout page, used when no Paystack key is
 *   set. Default on, except when NODE_ENV=production, where it must be turned on explicitly.
 * - PAYMENTS_SANDBOX_SECRET: signs the sandbox's webhooks (default derived from INTERNAL_SECRET,
 *   so every wallet instance agrees without one more variable).
 * - PUBLIC_URL: the web app's address, for the provider's callback (/payments/callback).
 * - KORA_TIME_ZONE: whose calendar the transaction date filters use.
 */
import { blankIsUnset, koraTimeZone, loadConfig } from '@kora/platform/service';
import { z } from 'zod';

const onOff = z.preprocess(blankIsUnset, z.enum(['on', 'off', 'true', 'false', '1', '0']).optional());

export const walletEnvSchema = z
  .object({
    NODE_ENV: z.string().optional(),
    PAYSTACK_SECRET_KEY: z.preprocess(blankIsUnset, z.string().min(8, 'must be a Paystack secret key').optional()),
    PAYSTACK_BASE_URL: z
      .preprocess(blankIsUnset, z.string().url().default('https://api.paystack.co'))
      .transform((u) => u.replace(/\/+$/, '')),
    PAYSTACK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    PAYMENTS_SANDBOX: onOff,
    PAYMENTS_SANDBOX_SECRET: z.preprocess(blankIsUnset, z.string().min(16).optional()),
    PUBLIC_URL: z.preprocess(blankIsUnset, z.string().url().default('http://localhost:8080')).transform((u) => u.replace(/\/+$/, '')),
    KORA_TIME_ZONE: koraTimeZone,
  })
  .transform((env) => {
    const sandboxAsked = env.PAYMENTS_SANDBOX === undefined ? undefined : ['on', 'true', '1'].includes(env.PAYMENTS_SANDBOX);
    const sandboxAllowed = sandboxAsked ?? env.NODE_ENV !== 'production';
    /** Which provider takes card payments: Paystack with a key, else the sandbox when allowed, else none. */
    const provider = env.PAYSTACK_SECRET_KEY ? ('paystack' as const) : sandboxAllowed ? ('sandbox' as const) : null;
    return { ...env, provider };
  });

export type WalletConfig = z.infer<typeof walletEnvSchema>;

export function loadWalletConfig(env: Record<string, string | undefined> = process.env): WalletConfig {
  return loadConfig(walletEnvSchema, env);
}
