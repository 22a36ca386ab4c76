/**
 * A service's outgoing mail, built the one way every service that mails builds it (auth, admin,
 * notifications' digest):
 * - the transport: the admin's SMTP server when their Email settings name one, else SMTP_URL, else
 *   the service's own dev outbox table when it is on, else logged and dropped (site-smtp.ts, index.ts);
 * - a job queue in front of it (BullMQ in distributed mode, in-process in embedded mode): a slow or
 *   failing SMTP server never holds up a request, and a failed send is retried 5 times with
 *   exponential back-off (2 s, 4 s, 8 s, 16 s).
 */
import type { Logger } from 'pino';
import type { DbOrTx } from '../db/database.js';
import type { JobRunner } from '../jobs/jobs.js';
import { mailFromAddress, type MailEnv } from './config.js';
import { storeDevMail } from './dev-outbox-store.js';
import type { DevMailTable } from './dev-outbox-table.js';
import { chooseMailSender } from './choose.js';
import type { MailMessage, MailSender } from './mail.js';
import { createSiteMailSender, watchSiteSmtp, type SiteMailSender, type SiteSettingsSource } from './site-smtp.js';
import { createSmtpSender } from './smtp.js';

export interface ServiceMailOptions {
  /** The service's site-settings view (ctx.siteSettings). */
  settings: SiteSettingsSource;
  config: Pick<MailEnv, 'SMTP_URL' | 'MAIL_DEV_OUTBOX' | 'MAIL_FROM'>;
  db: DbOrTx;
  devMail: DevMailTable;
  log: Logger;
}

export function createServiceMailSender(options: ServiceMailOptions): SiteMailSender {
  const { settings, config, db, devMail, log } = options;
  return createSiteMailSender({
    settings,
    fallback: chooseMailSender({
      smtpUrl: config.SMTP_URL,
      devOutbox: config.MAIL_DEV_OUTBOX,
      from: config.MAIL_FROM,
      store: (message) => storeDevMail(db, devMail, message),
      log,
    }),
    from: () => mailFromAddress(settings.current(), config),
  });
}

/** Mail sent inside a transaction the caller holds: a dev outbox row commits or rolls back with it. */
export interface TransactionalMailSender {
  send(message: MailMessage, db: DbOrTx): Promise<void>;
  close(): Promise<void>;
}

/**
 * The same transport rule as `createServiceMailSender`, chosen per message, for a sender that must
 * keep its dev outbox row in the caller's transaction (the digest records "sent" in the one that
 * mails, so a failed send is retried and a sent one never is).
 */
export function createTransactionalMailSender(options: Omit<ServiceMailOptions, 'db'>): TransactionalMailSender {
  const { settings, config, devMail, log } = options;
  const smtp = config.SMTP_URL ? createSmtpSender({ url: config.SMTP_URL, from: config.MAIL_FROM }) : null;
  const from = () => mailFromAddress(settings.current(), config);
  const site = watchSiteSmtp(settings, from);
  return {
    async send(message, db) {
      const sender =
        site.sender() ??
        smtp ??
        chooseMailSender({
          devOutbox: config.MAIL_DEV_OUTBOX,
          from: config.MAIL_FROM,
          store: (stored) => storeDevMail(db, devMail, stored),
          log,
        });
      await sender.send({ ...message, from: message.from ?? from() });
    },
    async close() {
      await site.close();
      await smtp?.close();
    },
  };
}

interface QueueHost {
  jobs: JobRunner;
  log: Logger;
}

export function registerMailQueue(host: QueueHost, queue: string, sender: MailSender): void {
  host.jobs.register<MailMessage>(
    queue,
    async (job) => {
      await sender.send(job.data);
      host.log.info({ queue, jobId: job.id, transport: sender.kind, subject: job.data.subject }, 'mail sent');
    },
    { attempts: 5, backoffMs: 2_000, concurrency: 2 },
  );
}

/**
 * Queues a mail. The change that asked for it is already committed, so a queue outage must not undo
 * it: the failure is logged and false answered (the member can ask again — resend activation, resend
 * code; the admin still sees the application).
 */
export async function enqueueMail(host: QueueHost, queue: string, message: MailMessage): Promise<boolean> {
  try {
    await host.jobs.enqueue(queue, message);
    return true;
  } catch (err) {
    host.log.error({ err, queue, subject: message.subject }, 'could not queue mail');
    return false;
  }
}
