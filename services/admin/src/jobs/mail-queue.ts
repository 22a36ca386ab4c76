/**
 * The admin service's mail goes out through its own `admin.mail` job queue (BullMQ in distributed
 * mode, in-process in embedded mode), as auth's does: a slow or failing SMTP server never holds up
 * an application or a review, and a failed send is retried 5 times with exponential back-off.
 */
import type { MailMessage, MailSender } from '@kora/platform/mail';
import type { ServiceContext } from '@kora/platform/service';

export const MAIL_QUEUE = 'admin.mail';

export function registerMailQueue(ctx: ServiceContext, sender: MailSender): void {
  ctx.jobs.register<MailMessage>(
    MAIL_QUEUE,
    async (job) => {
      await sender.send(job.data);
      ctx.log.info({ queue: MAIL_QUEUE, jobId: job.id, transport: sender.kind, subject: job.data.subject }, 'mail sent');
    },
    { attempts: 5, backoffMs: 2_000, concurrency: 2 },
  );
}

/**
 * Queues a mail. The change that asked for it is already committed, so a queue outage must not
 * undo it: the failure is logged (the admin can see the application and contact the applicant).
 */
export async function enqueueMail(ctx: ServiceContext, message: MailMessage): Promise<boolean> {
  try {
    await ctx.jobs.enqueue(MAIL_QUEUE, message);
    return true;
  } catch (err) {
    ctx.log.error({ err, queue: MAIL_QUEUE, subject: message.subject }, 'could not queue mail');
    return false;
  }
}
