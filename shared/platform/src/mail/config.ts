/**
 * What every service that sends mail reads, once: the transport variables and the sender address
 * and link base the admin's site settings may override. Auth and notifications both send mail.
 */
import type { SiteSettings } from '@kora/contracts';
import { z } from 'zod';
import { blankIsUnset } from '../config.js';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .default('false')
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const mailEnvSchema = z.object({
  /** Base of the links in mails when the admin's general.siteUrl is empty. */
  PUBLIC_URL: z
    .string()
    .url()
    .default('http://localhost:8080')
    .transform((u) => u.replace(/\/+$/, '')),
  /** smtp://user:pass@host:port (or smtps://). When set, mail goes there, in every run mode. */
  SMTP_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  /** Without SMTP_URL: keep sent mails in the service's own dev outbox table. */
  MAIL_DEV_OUTBOX: flag,
  MAIL_FROM: z.string().min(3).default('Kora <no-reply@kora.local>'),
});
export type MailEnv = z.infer<typeof mailEnvSchema>;

/** Links in mails lead to the admin's site URL when one is set, else PUBLIC_URL. */
export function mailLinkBase(settings: SiteSettings, env: Pick<MailEnv, 'PUBLIC_URL'>): string {
  return settings.general.siteUrl.replace(/\/+$/, '') || env.PUBLIC_URL;
}

/** The admin's sender address when one is set (named after them or the site), else MAIL_FROM. */
export function mailFromAddress(settings: SiteSettings, env: Pick<MailEnv, 'MAIL_FROM'>): string {
  const { fromEmail, fromName } = settings.email;
  return fromEmail ? `"${(fromName || settings.general.siteName).replace(/["\\\r\n]/g, '')}" <${fromEmail}>` : env.MAIL_FROM;
}

/** The dev outbox is served only when it is the mail transport actually in use. */
export function devOutboxEnabled(env: Pick<MailEnv, 'MAIL_DEV_OUTBOX' | 'SMTP_URL'>): boolean {
  return env.MAIL_DEV_OUTBOX && !env.SMTP_URL;
}
