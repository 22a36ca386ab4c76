/**
 * What the admin routes, consumers and jobs share for one running instance: its configuration
 * (parsed once), its tables and its mail sender.
 */
import {
  createServiceMailSender,
  enqueueMail,
  mailFromAddress,
  mailLinkBase,
  type MailMessage,
  type SiteMailSender,
} from '@kora/platform/mail';
import type { ServiceContext } from '@kora/platform/service';
import { loadAdminConfig, type AdminConfig } from './config.js';
import { adminSchema, type AdminTables } from './db/schema.js';
import { MAIL_QUEUE } from './jobs/mail-queue.js';

export interface AdminOptions {
  /** Variables to read instead of `process.env` (tests). */
  env?: Record<string, string | undefined>;
  /** The clock the dashboard's days are taken from (tests move it). */
  now?: () => Date;
}

export interface Admin {
  ctx: ServiceContext;
  config: AdminConfig;
  tables: AdminTables;
  mailer: SiteMailSender;
  now(): Date;
  /** Base of links in mails: the admin's site URL, else PUBLIC_URL. */
  publicUrl(): string;
  siteName(): string;
  /** Queues a mail, from the admin's sender address when one is set. */
  sendMail(message: MailMessage): Promise<boolean>;
}

export function createAdmin(ctx: ServiceContext, options: AdminOptions = {}): Admin {
  const config = loadAdminConfig(options.env ?? process.env);
  const tables = adminSchema(ctx.schema);
  const settings = () => ctx.siteSettings.current();
  const from = () => mailFromAddress(settings(), config);
  const mailer = createServiceMailSender({ settings: ctx.siteSettings, config, db: ctx.db, devMail: tables.devMail, log: ctx.log });
  return {
    ctx,
    config,
    tables,
    mailer,
    now: options.now ?? (() => new Date()),
    publicUrl: () => mailLinkBase(settings(), config),
    siteName: () => settings().general.siteName,
    sendMail: (message) => enqueueMail(ctx, MAIL_QUEUE, { ...message, from: from() }),
  };
}
