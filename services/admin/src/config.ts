/**
 * The admin service's own configuration, on top of the platform's variables. Parsed once per
 * start against a zod schema; a bad value stops the start with the list of problems.
 *
 * - The mail variables every sender reads (PUBLIC_URL, SMTP_URL, MAIL_DEV_OUTBOX, MAIL_FROM): the
 *   representative applications' mails (the admin's Email settings win when they name a server).
 * - KORA_TIME_ZONE: whose calendar days the dashboard's chart counts (auth and posts use the same).
 */
import { mailEnvSchema } from '@kora/platform/mail';
import { koraTimeZone, loadConfig } from '@kora/platform/service';

export const adminEnvSchema = mailEnvSchema.extend({ KORA_TIME_ZONE: koraTimeZone });

export type AdminConfig = ReturnType<typeof adminEnvSchema.parse>;

export function loadAdminConfig(env: Record<string, string | undefined> = process.env): AdminConfig {
  return loadConfig(adminEnvSchema, env);
}
