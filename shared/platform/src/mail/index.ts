/**
 * Mail port and adapters, and how a service builds and queues its mail (service-mail.ts). The
 * transport rule every run mode shares is in choose.ts; the admin's SMTP settings in site-smtp.ts.
 */

export type { MailMessage, MailSender } from './mail.js';
export { createDevOutboxSender } from './dev-outbox.js';
export { createSmtpSender, type SmtpServerOptions } from './smtp.js';
export {
  createSiteMailSender,
  siteSmtpServer,
  watchSiteSmtp,
  type SiteMailSender,
  type SiteMailSenderOptions,
  type SiteSettingsSource,
  type SiteSmtp,
} from './site-smtp.js';
export { devOutboxEnabled, mailEnvSchema, mailFromAddress, mailLinkBase, type MailEnv } from './config.js';
export { chooseMailSender, createDisabledSender, type MailSettings } from './choose.js';
export {
  createServiceMailSender,
  createTransactionalMailSender,
  enqueueMail,
  registerMailQueue,
  type ServiceMailOptions,
  type TransactionalMailSender,
} from './service-mail.js';
