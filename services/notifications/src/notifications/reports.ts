/**
 * The outcome of a member's report (decision 024): when an admin closes it (`report.closed`, one
 * per report), its reporter gets a `report_outcome` notice pointing at the post (the post itself,
 * or the one the reported comment is on). The member is its actor, the message a whole sentence
 * (`isOwnNotice`), and no switch silences it: they asked. Idempotent like every notice: the
 * event's id is stored with it, so a replay stores nothing.
 */
import { reportOutcomeMessage, type EventEnvelope, type EventPayload } from '@kora/contracts';
import type { Emit, Tx } from '@kora/platform/service';
import type { Notifications } from '../context.js';
import { storeNotification } from './store.js';

type ReportClosed = EventPayload<'report.closed'>;

/** What the reporter reads: what we did about what they reported. */
export function reportOutcomeText({ targetType, status, moderation }: Pick<ReportClosed, 'targetType' | 'status' | 'moderation'>): string {
  return reportOutcomeMessage(targetType, status, moderation);
}

export async function reportClosed(n: Notifications, tx: Tx, emit: Emit, event: EventEnvelope<ReportClosed>): Promise<void> {
  const { reporterId, postId } = event.payload;
  await storeNotification(n, tx, emit, {
    sourceEventId: event.id,
    occurredAt: event.occurredAt,
    recipientId: reporterId,
    actorId: reporterId,
    type: 'report_outcome',
    entityType: 'post',
    entityId: postId,
    postId,
    excerpt: () => reportOutcomeText(event.payload),
  });
}
