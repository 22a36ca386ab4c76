/**
 * Recording an admin's action in the audit log (decision 024). Every service does it the same way:
 * `admin.action-recorded` written to its outbox in the same transaction as the change, so a change
 * is never logged without happening or the reverse. The admin service records its own actions the
 * same way (and only that way): its audit consumer is the one writer of `audit_log`, so no action
 * can be stored twice.
 */
import { MASKED_SECRET, type AdminAction, type AuditTarget } from '@kora/contracts';
import type { Emit } from '@kora/platform/service';

export interface AdminActionRecord {
  actorId: number;
  action: AdminAction;
  targetType: AuditTarget;
  targetId: string | number;
  before: unknown;
  after: unknown;
}

export function recordAdminAction(emit: Emit, record: AdminActionRecord): void {
  const targetId = String(record.targetId);
  emit({
    type: 'admin.action-recorded',
    // Keyed by the target: one target's actions stay in order.
    aggregateId: `${record.targetType}:${targetId}`,
    actorId: record.actorId,
    payload: { ...record, targetId, occurredAt: new Date().toISOString() },
  });
}

/** A settings section as the log shows it: the SMTP password never in clear, only whether one is set. */
export function maskedSection(values: Record<string, unknown>): Record<string, unknown> {
  if (typeof values.smtpPassword === 'string' && values.smtpPassword !== '') return { ...values, smtpPassword: MASKED_SECRET };
  return values;
}
