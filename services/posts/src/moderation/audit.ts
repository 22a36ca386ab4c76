/**
 * The audit trail of what admins do here (decision 024): `admin.action-recorded`, emitted in the
 * same transaction as the change it describes, so the admin service's log holds exactly the
 * changes that happened. An action that changed nothing records nothing.
 */
import type { AdminAction, AuditTarget } from '@kora/contracts';
import type { Emit } from '@kora/platform/service';

export interface AdminActionRecord {
  actorId: number;
  action: AdminAction;
  targetType: AuditTarget;
  targetId: number;
  before: unknown;
  after: unknown;
}

export function recordAdminAction(emit: Emit, record: AdminActionRecord, at: Date): void {
  emit({
    type: 'admin.action-recorded',
    // Keyed by the target: one item's actions stay in order.
    aggregateId: `${record.targetType}-${record.targetId}`,
    actorId: record.actorId,
    payload: { ...record, targetId: String(record.targetId), occurredAt: at.toISOString() },
  });
}
