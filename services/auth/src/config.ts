/**
 * The auth service's own configuration, on top of the platform's `serviceEnvSchema`: parsed once
 * when the service starts, failing with the list of bad variables.
 */
import { blankIsUnset, loadConfig } from '@kora/platform/service';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** An unset variable and an empty one mean the same (compose files often pass ""). */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankIsUnset, schema.optional());

export const authEnvSchema = z.object({
  /** Signs access tokens; the gateway verifies them with the same secret. */
  ACCESS_TOKEN_SECRET: z.string({ error: 'is required' }).min(16, 'must be at least 16 characters'),
  /** Base of the links in mails when the admin's general.siteUrl is empty. */
  PUBLIC_URL: z
    .string()
    .url()
    .default('http://localhost:8080')
    .transform((u) => u.replace(/\/+$/, '')),
  /** smtp://user:pass@host:port (or smtps://). When set, mail goes there, in every run mode. */
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')),
  /** Without SMTP_URL: keep sent mails in the auth schema and list them at GET /api/dev/mail. */
  MAIL_DEV_OUTBOX: flag,
  MAIL_FROM: z.string().min(3).default('Kora <no-reply@kora.local>'),
});

export type AuthConfig = z.infer<typeof authEnvSchema>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  return loadConfig(authEnvSchema, env);
}

/** The dev outbox is served only when it is the mail transport actually in use. */
export function devOutboxEnabled(config: AuthConfig): boolean {
  return config.MAIL_DEV_OUTBOX && !config.SMTP_URL;
}
