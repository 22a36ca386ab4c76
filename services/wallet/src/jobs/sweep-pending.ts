/**
 * The pending sweep (decision 023): a repeatable job asks the provider again about payments pending
 * for more than `PENDING_GRACE_MS` (a webhook lost, a payer who closed the tab after paying), through
 * the same confirmation as the webhook, and gives up on those pending longer than
 * `PENDING_GIVE_UP_MS` that the provider still calls unpaid (failed, "abandoned"). Each payment is asked at most once per grace period.
 */
import { sql } from 'drizzle-orm';
import { rowsOf } from '@kora/platform/service';
import type { Wallet } from '../context.js';
import { abandonPayment, confirmPayment } from '../payments/confirm.js';

export const SWEEP_QUEUE = 'wallet.sweep-pending-payments';
export const SWEEP_SCHEDULE = 'sweep-pending-payments';
export const SWEEP_EVERY_MS = 60_000;
export const PENDING_GRACE_MS = 5 * 60_000;
export const PENDING_GIVE_UP_MS = 24 * 3_600_000;
const SWEEP_BATCH = 100;

export function registerSweepJob(w: Wallet): void {
  w.ctx.jobs.register(
    SWEEP_QUEUE,
    async () => {
      const swept = await sweepPendingPayments(w);
      if (swept.checked > 0) w.ctx.log.info(swept, 'pending payments swept');
    },
    { concurrency: 1, attempts: 2, backoffMs: 30_000 },
  );
}

/** One schedule for all instances (declaring it again replaces it). */
export function scheduleSweepJob(w: Wallet): Promise<void> {
  return w.ctx.jobs.repeat(SWEEP_QUEUE, SWEEP_SCHEDULE, {}, { everyMs: SWEEP_EVERY_MS });
}

export interface Swept {
  checked: number;
  credited: number;
  abandoned: number;
  /** Payments the provider could not be asked about this time (asked again next run). */
  unanswered: number;
}

export async function sweepPendingPayments(w: Wallet): Promise<Swept> {
  const { payments } = w.tables;
  const now = w.now().getTime();
  const graceEdge = new Date(now - PENDING_GRACE_MS).toISOString();
  const due = rowsOf<{ reference: string; created_at: string | Date }>(
    await w.ctx.db.execute(sql`
      select reference, created_at from ${payments}
      where status = 'pending' and created_at < ${graceEdge}::timestamptz
        and (checked_at is null or checked_at < ${graceEdge}::timestamptz)
      order by created_at
      limit ${SWEEP_BATCH}`),
  );
  const swept: Swept = { checked: 0, credited: 0, abandoned: 0, unanswered: 0 };
  for (const { reference, created_at } of due) {
    swept.checked++;
    try {
      const payment = await confirmPayment(w, reference);
      if (payment?.status === 'success') swept.credited++;
      if (payment?.status !== 'pending') continue;
    } catch (err) {
      swept.unanswered++;
      w.ctx.log.warn({ reference, err: (err as Error).message }, 'pending payment: provider not answering');
      // Never given up on unasked: it may have been paid.
      continue;
    }
    if (now - new Date(created_at).getTime() > PENDING_GIVE_UP_MS && (await abandonPayment(w, reference))) swept.abandoned++;
  }
  return swept;
}
