/**
 * What the auth routes and jobs share for one running instance: its configuration (parsed once),
 * its tables, its clock and its mail sender.
 */
import type { ServiceContext } from '@kora/platform/service';
import {
  createServiceMailSender,
  enqueueMail,
  mailFromAddress,
  mailLinkBase,
  type MailMessage,
  type MailSender,
} from '@kora/platform/mail';
import { otpKey } from './accounts/otp.js';
import { sha256 } from './accounts/tokens.js';
import { twoStepKey, type SecretKey } from './accounts/two-step-secrets.js';
import { loadAuthConfig, type AuthConfig } from './config.js';
import { authSchema, type AuthTables } from './db/schema.js';
import { MAIL_QUEUE } from './jobs/mail-queue.js';

export interface AuthOptions {
  /** Variables to read instead of `process.env` (tests, or a launcher holding its own secrets). */
  env?: Record<string, string | undefined>;
  /** Already-parsed configuration; wins over `env`. */
  config?: AuthConfig;
  /** The clock expiry checks use (tests move it). */
  now?: () => Date;
}

export interface Auth {
  ctx: ServiceContext;
  config: AuthConfig;
  tables: AuthTables;
  mailer: MailSender;
  /** Key of the recovery-code HMAC. */
  otpKey: string;
  /** Two-step sign-in (decision 033): the key sealing TOTP secrets, the recovery codes' HMAC key. */
  twoStepKeys: { secrets: SecretKey; recovery: string };
  /** Signs the sign-in unlock links. */
  unlockKey: string;
  now(): Date;
  /** Base of links in mails: the admin's site URL, else PUBLIC_URL. */
  publicUrl(): string;
  siteName(): string;
  /** Queues a mail, from the admin's sender address when one is set. */
  sendMail(message: MailMessage): Promise<boolean>;
}

export function createAuth(ctx: ServiceContext, options: AuthOptions): Auth {
  const config = options.config ?? loadAuthConfig(options.env ?? process.env);
  const tables = authSchema(ctx.schema);
  const settings = () => ctx.siteSettings.current();
  const mailer = createServiceMailSender({ settings: ctx.siteSettings, config, db: ctx.db, devMail: tables.devMail, log: ctx.log });
  ctx.log.info({ transport: mailer.kind }, 'mail transport');
  return {
    ctx,
    config,
    tables,
    mailer,
    otpKey: otpKey(config.ACCESS_TOKEN_SECRET),
    twoStepKeys: { secrets: twoStepKey(config), recovery: sha256(`kora-two-step-recovery:${config.ACCESS_TOKEN_SECRET}`) },
    unlockKey: sha256(`kora-unlock:${config.ACCESS_TOKEN_SECRET}`),
    now: options.now ?? (() => new Date()),
    publicUrl: () => mailLinkBase(settings(), config),
    siteName: () => settings().general.siteName,
    sendMail: (message) => enqueueMail(ctx, MAIL_QUEUE, { ...message, from: mailFromAddress(settings(), config) }),
  };
}
