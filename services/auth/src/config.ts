/**
 * The auth service's own configuration, on top of the platform's `serviceEnvSchema`: parsed once
 * when the service starts, failing with the list of bad variables.
 */
import { mailEnvSchema } from '@kora/platform/mail';
import { blankIsUnset, koraTimeZone, loadConfig } from '@kora/platform/service';
import { z } from 'zod';
import { FIRST_DELAY_MS } from './accounts/sign-in-throttle.js';

const optional = (schema: z.ZodType<string>) => z.preprocess(blankIsUnset, schema.optional());

/** The first admin's variables: all three, or none. */
export const FIRST_ADMIN_VARIABLES = ['KORA_ADMIN_EMAIL', 'KORA_ADMIN_USERNAME', 'KORA_ADMIN_PASSWORD'] as const;

/** With the mail variables every sender reads (PUBLIC_URL, SMTP_URL, MAIL_DEV_OUTBOX, MAIL_FROM): auth's mails. */
export const authEnvSchema = mailEnvSchema
  .extend({
    /** Signs access tokens; the gateway verifies them with the same secret. */
    ACCESS_TOKEN_SECRET: z.string({ error: 'is required' }).min(16, 'must be at least 16 characters'),
    /**
     * Encrypts two-step secrets at rest (decision 033). Unset: a key derived from
     * ACCESS_TOKEN_SECRET. Changing it makes the stored secrets unreadable (members set up again).
     */
    TWO_STEP_KEY: optional(z.string().min(16, 'must be at least 16 characters')),
    /** The zone whose calendar days the admin dashboard's sign-ups per day are counted in. */
    KORA_TIME_ZONE: koraTimeZone,
    /**
     * The first admin: when all three are set, `start` creates this admin (or promotes the account
     * with this e-mail) once per database; a later demotion is not undone (accounts/first-admin.ts).
     */
    KORA_ADMIN_EMAIL: optional(z.string().trim().toLowerCase().email('must be an e-mail address')),
    KORA_ADMIN_USERNAME: optional(z.string().trim().min(3, 'must be at least 3 characters')),
    /** How long a deleted account waits before it is erased (decision 034); signing in cancels. */
    KORA_DELETION_GRACE_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(30 * 24 * 60 * 60),
    /** How often the erasure sweep looks for accounts whose grace period is over. */
    KORA_ERASURE_SWEEP_EVERY_MS: z.coerce
      .number()
      .int()
      .min(200)
      .default(10 * 60 * 1000),
    /** The first wait of the sign-in backoff (decision 033); it doubles with each failure after it. */
    KORA_SIGN_IN_FIRST_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(FIRST_DELAY_MS),
    KORA_ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters').max(128, 'must be at most 128 characters')),
  })
  .superRefine((env, check) => {
    const set = FIRST_ADMIN_VARIABLES.filter((name) => env[name] !== undefined);
    if (set.length === 0 || set.length === FIRST_ADMIN_VARIABLES.length) return;
    for (const name of FIRST_ADMIN_VARIABLES.filter((n) => env[n] === undefined)) {
      check.addIssue({
        code: 'custom',
        path: [name],
        message: `is required when ${set.join(' and ')} ${set.length > 1 ? 'are' : 'is'} set (the first admin needs all three, or none)`,
      });
    }
  });

export type AuthConfig = z.infer<typeof authEnvSchema>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  return loadConfig(authEnvSchema, env);
}
