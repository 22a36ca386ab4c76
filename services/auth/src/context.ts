/**
 * What the auth routes and jobs share for one running instance: its configuration (parsed once),
 * its tables, its clock and its mail sender.
 */
import { storeDevMail, type ServiceContext } from '@kora/platform/service';
import { chooseMailSender, createSiteMailSender, mailFromAddress, mailLinkBase, type MailMessage, type MailSender } from '@kora/platform/mail';
import { otpKey } from './accounts/otp.js';
import { loadAuthConfig, type AuthConfig } from './config.js';
import { authSchema, type AuthTables } from './db/schema.js';
import { enqueueMail } from './jobs/mail-queue.js';

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
  // The admin's SMTP server when their Email settings name one, else SMTP_URL / the dev outbox.
  const mailer = createSiteMailSender({
    settings: ctx.siteSettings,
    fallback: chooseMailSender({
      smtpUrl: config.SMTP_URL,
      devOutbox: config.MAIL_DEV_OUTBOX,
      from: config.MAIL_FROM,
      store: (message) => storeDevMail(ctx.db, tables.devMail, message),
      log: ctx.log,
    }),
    from: () => mailFromAddress(settings(), config),
  });
  ctx.log.info({ transport: mailer.kind }, 'mail transport');
  return {
    ctx,
    config,
    tables,
    mailer,
    otpKey: otpKey(config.ACCESS_TOKEN_SECRET),
    now: options.now ?? (() => new Date()),
    publicUrl: () => mailLinkBase(settings(), config),
    siteName: () => settings().general.siteName,
    sendMail: (message) => enqueueMail(ctx, { ...message, from: mailFromAddress(settings(), config) }),
  };
}
