/**
 * The live feed: every instance reads `notification.created` and `session.revoked` with a consumer
 * group of its own (so each instance sees every message, not a share of them), starting at the
 * latest offset (a new instance has no sockets waiting for old notifications). Nothing durable
 * happens here, so there is no processed-events record; duplicates are the hub's business.
 */
import { eventEnvelopeSchema, eventRegistry, topicOf } from '@kora/contracts';
import type { ServiceContext, Subscription } from '@kora/platform';
import { randomBytes } from 'node:crypto';
import type { LiveHub } from './hub.js';

export function startLiveFeed(ctx: ServiceContext, hub: LiveHub): Promise<Subscription> {
  return ctx.bus.subscribe({
    groupId: `${ctx.name}.live.${randomBytes(8).toString('hex')}`,
    topics: [topicOf('notification.created'), topicOf('session.revoked')],
    fromBeginning: false,
    handle: async (message) => {
      hub.messagesSeen++;
      // Never throw: a retry could not help a malformed message, and must not stall the others.
      try {
        handle(hub, JSON.parse(message.value));
      } catch (err) {
        ctx.log.warn({ err, topic: message.topic }, 'live feed message skipped');
      }
    },
  });
}

function handle(hub: LiveHub, value: unknown): void {
  const envelope = eventEnvelopeSchema.safeParse(value);
  if (!envelope.success) return;
  const { type, payload } = envelope.data;
  if (type === 'notification.created') {
    // The registry's payload schema checks the notification itself too.
    const event = eventRegistry['notification.created'].payload.safeParse(payload);
    if (event.success) hub.push(event.data.recipientId, event.data.notification);
  } else if (type === 'session.revoked') {
    const event = eventRegistry['session.revoked'].payload.safeParse(payload);
    if (event.success) hub.closeSession(event.data.userId, event.data.sessionId);
  }
}
