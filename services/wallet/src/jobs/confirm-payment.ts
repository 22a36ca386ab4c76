/**
 * The job a `charge.success` webhook leaves behind (decision 023): confirm the payment with the
 * provider and credit it once (payments/confirm.ts). The job's id is the payment reference, so a
 * burst of duplicate webhooks collapses into the job already waiting; one that arrives after it
 * ran finds the payment settled and moves nothing. A provider that does not answer fails the try,
 * and the queue retries with back-off; the pending sweep catches whatever is still left.
 */
import { eq } from 'drizzle-orm';
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
      w.ctx.log.info(
        { reference: job.data.reference, status: payment?.status ?? 'unknown', attempt: job.attempt },
        'payment confirmed from webhook',
      );
    },
    { concurrency: 4, attempts: 5, backoffMs: 2_000 },
  );
}

/** Queues the confirmation; a job for this reference already waiting takes it (same job id). */
function enqueueConfirm(w: Pick<Wallet, 'ctx'>, reference: string): Promise<string> {
  return w.ctx.jobs.enqueue<ConfirmJob>(CONFIRM_QUEUE, { reference }, { jobId: reference });
}

// Duplicates of one webhook arriving together share the first one's look-up and enqueue: a burst of
// a thousand would otherwise queue a thousand look-ups for the pool's ten connections (decision 023).
const confirmsUnderWay = new WeakMap<Wallet['ctx'], Map<string, Promise<boolean>>>();

/**
 * Queues the confirmation of a payment Kora knows; false for an unknown reference. Concurrent calls
 * for the same reference share one look-up and one enqueue.
 */
export function confirmKnownPayment(w: Pick<Wallet, 'ctx' | 'tables'>, reference: string): Promise<boolean> {
  let underWay = confirmsUnderWay.get(w.ctx);
  if (!underWay) confirmsUnderWay.set(w.ctx, (underWay = new Map<string, Promise<boolean>>()));
  const running = underWay.get(reference);
  if (running) return running;
  const work = (async () => {
    const { payments } = w.tables;
    const [payment] = await w.ctx.db.select({ reference: payments.reference }).from(payments).where(eq(payments.reference, reference));
    if (!payment) return false;
    await enqueueConfirm(w, reference);
    return true;
  })().finally(() => underWay.delete(reference));
  underWay.set(reference, work);
  return work;
}
