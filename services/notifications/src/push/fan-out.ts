/**
 * Pushing a new notification to the recipient's devices (decision 042). Read by a consumer group
 * of its own (`notifications.push`), so the writer never waits for a push service: for each of the
 * member's subscriptions it queues one `web-push` job, whose id (event and subscription) keeps a
 * redelivered event from pushing twice. A row exists only when the member's switches allowed it,
 * so every announced notification is pushed. An old one (a replay of the outbox) is not pushed, as
 * the live feed does not show it either.
 */
import type { EventEnvelope, EventPayload, EventType } from '@kora/contracts';
import type { Tx } from '@kora/platform/service';
import { eq, sql } from 'drizzle-orm';
import type { Notifications } from '../context.js';
import { tooOldForLive } from '../live/feed.js';
import { pushMessageOf } from './message.js';
import { PUSH_QUEUE, type PushJob } from './send.js';

/**
 * Whether a notification is for pushing at all, asked before any transaction: most members have no
 * device subscribed, and then the event costs one read instead of a transaction (decision 050).
 */
export async function pushWanted(n: Notifications, event: EventEnvelope<EventPayload<EventType>>): Promise<boolean> {
  if (event.type !== 'notification.created') return false;
  const { recipientId, notification } = event.payload as EventPayload<'notification.created'>;
  if (tooOldForLive(notification.createdAt, n.now().getTime())) return false;
  const t = n.tables.pushSubscriptions;
  const [row] = await n.ctx.db
    .select({ any: sql<boolean>`true` })
    .from(t)
    .where(eq(t.userId, recipientId))
    .limit(1);
  return row !== undefined;
}

export async function pushNotification(
  n: Notifications,
  tx: Tx,
  event: EventEnvelope<EventPayload<'notification.created'>>,
): Promise<void> {
  const { recipientId, notification } = event.payload;
  if (tooOldForLive(notification.createdAt, n.now().getTime())) return;
  const t = n.tables.pushSubscriptions;
  const devices = await tx.select({ id: t.id }).from(t).where(eq(t.userId, recipientId));
  if (devices.length === 0) return;
  const message = pushMessageOf(notification);
  for (const { id } of devices) {
    await n.ctx.jobs.enqueue<PushJob>(PUSH_QUEUE, { subscriptionId: id, message }, { jobId: `push-${event.id}-${id}` });
  }
}
