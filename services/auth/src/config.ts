/**
 * The auth service's own configuration, on top of the platform's `serviceEnvSchema`: parsed once
 * when the service starts, failing with the list of bad variables.
 */
import { mailEnvSchema } from '@kora/platform/mail';
import { loadConfig } from '@kora/platform/service';
import { z } from 'zod';

/** With the mail variables every sender reads (PUBLIC_URL, SMTP_URL, MAIL_DEV_OUTBOX, MAIL_FROM): auth's mails. */
export const authEnvSchema = mailEnvSchema.extend({
  /** Signs access tokens; the gateway verifies them with the same secret. */
  ACCESS_TOKEN_SECRET: z.string({ error: 'is required' }).min(16, 'must be at least 16 characters'),
});

export type AuthConfig = z.infer<typeof authEnvSchema>;

export function loadAuthConfig(env: Record<string, string | undefined> = process.env): AuthConfig {
  return loadConfig(authEnvSchema, env);
}
