/**
 * The audit trail of admin actions on accounts (decision 024): `admin.action-recorded`, written to
 * the outbox in the same transaction as the change, keyed by the member it was done to. Before and
 * after carry only the changed fields (never a password hash: none of them is one).
 */
import type { AdminAction } from '@kora/contracts';
import type { Emit } from '@kora/platform/service';

export function recordUserAction(
  emit: Emit,
  actorId: number,
  action: AdminAction,
  userId: number,
  before: object,
  after: object,
  now: Date,
): void {
  emit({
    type: 'admin.action-recorded',
    aggregateId: userId,
    actorId,
    payload: { actorId, action, targetType: 'user', targetId: String(userId), before, after, occurredAt: now.toISOString() },
  });
}
