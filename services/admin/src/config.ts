/**
 * The admin service's own configuration, on top of the platform's variables. Parsed once per
 * start against a zod schema; a bad value stops the start with the list of problems.
 *
 * - The mail variables every sender reads (PUBLIC_URL, SMTP_URL, MAIL_DEV_OUTBOX, MAIL_FROM): the
 *   representative applications' mails (the admin's Email settings win when they name a server).
 * - KORA_TIME_ZONE: whose calendar days the dashboard's chart counts (auth and posts use the same).
 * - SITE_SMTP_ALLOW_LOCAL: lets the admin's SMTP host be a loopback address, for test harnesses and
 *   dev setups whose mail sink listens on 127.0.0.1; off in production (decision 032).
 */
import { mailEnvSchema } from '@kora/platform/mail';
import { koraTimeZone, loadConfig } from '@kora/platform/service';
import { z } from 'zod';

export const adminEnvSchema = mailEnvSchema.extend({
  KORA_TIME_ZONE: koraTimeZone,
  SITE_SMTP_ALLOW_LOCAL: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((value) => value === 'true'),
});

export type AdminConfig = ReturnType<typeof adminEnvSchema.parse>;

export function loadAdminConfig(env: Record<string, string | undefined> = process.env): AdminConfig {
  return loadConfig(adminEnvSchema, env);
}
