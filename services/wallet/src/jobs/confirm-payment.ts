/**
 * The job a `charge.success` webhook leaves behind (decision 023): confirm the payment with the
 * provider and credit it once (payments/confirm.ts). The job's id is the payment reference, so a
 * burst of duplicate webhooks collapses into the job already waiting; one that arrives after it
 * ran finds the payment settled and moves nothing. A provider that does not answer fails the try,
 * and the queue retries with back-off; the pending sweep catches whatever is still left.
 */
import type { Wallet } from '../context.js';
import { confirmPayment } from '../payments/confirm.js';

export const CONFIRM_QUEUE = 'wallet.confirm-payment';

export interface ConfirmJob {
  reference: string;
}

export function registerConfirmJob(w: Wallet): void {
  w.ctx.jobs.register<ConfirmJob>(
    CONFIRM_QUEUE,
    async (job) => {
      const payment = await confirmPayment(w, job.data.reference);
      w.ctx.log.info({ reference: job.data.reference, status: payment?.status ?? 'unknown', attempt: job.attempt }, 'payment confirmed from webhook');
    },
    { concurrency: 4, attempts: 5, backoffMs: 2_000 },
  );
}

/** Queues the confirmation; a job for this reference already waiting takes it (same job id). */
export function enqueueConfirm(w: Wallet, reference: string): Promise<string> {
  return w.ctx.jobs.enqueue<ConfirmJob>(CONFIRM_QUEUE, { reference }, { jobId: reference });
}
