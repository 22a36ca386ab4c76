/**
 * Mail goes out through the `auth.mail` job queue (BullMQ in distributed mode, in-process in
 * embedded mode): a slow or failing SMTP server never holds up a request, and a failed send is
 * retried 5 times with exponential back-off (2 s, 4 s, 8 s, 16 s).
 */
import type { ServiceContext } from '@kora/platform/service';
import type { MailMessage, MailSender } from '@kora/platform/mail';

export const MAIL_QUEUE = 'auth.mail';

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
 * Queues a mail. The change that asked for it is already committed; if the queue is down the
 * failure is logged and the member can ask again (resend activation, resend code).
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
