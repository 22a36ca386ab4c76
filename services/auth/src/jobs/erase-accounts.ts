/**
 * The erasure sweep (decision 034): a repeatable job, every KORA_ERASURE_SWEEP_EVERY_MS, erases
 * the accounts whose grace period is over. One schedule for all instances (declaring it again
 * replaces it); a failed run retries with back-off and the next period tries again.
 */
import { eraseDueAccounts } from '../accounts/erasure.js';
import type { Auth } from '../context.js';

export const ERASURE_QUEUE = 'auth.erase-accounts';
export const ERASURE_SCHEDULE = 'erase-accounts';

export function registerErasureJob(auth: Auth): void {
  auth.ctx.jobs.register(
    ERASURE_QUEUE,
    async () => {
      const erased = await eraseDueAccounts(auth);
      if (erased > 0) auth.ctx.log.info({ erased }, 'accounts erased');
    },
    { concurrency: 1, attempts: 3, backoffMs: 10_000 },
  );
}

export function scheduleErasureJob(auth: Auth): Promise<void> {
  return auth.ctx.jobs.repeat(ERASURE_QUEUE, ERASURE_SCHEDULE, {}, { everyMs: auth.config.KORA_ERASURE_SWEEP_EVERY_MS });
}
