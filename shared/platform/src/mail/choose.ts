/**
 * The one rule every run mode shares: SMTP_URL wins whenever it is set; otherwise the dev outbox when
 * it is switched on; otherwise mail is not configured, which is logged and the message dropped.
 */
import type { Logger } from 'pino';
import { createDevOutboxSender } from './dev-outbox.js';
import type { MailMessage, MailSender } from './mail.js';
import { createSmtpSender } from './smtp.js';

export interface MailSettings {
  smtpUrl?: string | undefined;
  devOutbox: boolean;
  from: string;
  /** Where the dev outbox keeps messages (the owning service's table). */
  store: (message: MailMessage) => Promise<void>;
  log: Logger;
}

export function createDisabledSender(log: Logger): MailSender {
  return {
    kind: 'disabled',
    async send(message) {
      log.warn({ subject: message.subject }, 'mail is not configured (set SMTP_URL, or MAIL_DEV_OUTBOX=true locally); message dropped');
    },
    async close() {},
  };
}

export function chooseMailSender(settings: MailSettings): MailSender {
  if (settings.smtpUrl) return createSmtpSender({ url: settings.smtpUrl, from: settings.from });
  if (settings.devOutbox) return createDevOutboxSender(settings.store, settings.from);
  return createDisabledSender(settings.log);
}
