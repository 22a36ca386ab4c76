/**
 * The live feed: every instance reads `notification.created`, `session.revoked` and the messages
 * service's conversation topics (decision 039) with a consumer group of its own (so each instance
 * sees every message, not a share of them), starting at the latest offset (a new instance has no
 * sockets waiting for old notifications). Nothing durable happens here, so there is no
 * processed-events record; duplicates are the hub's business.
 */
import { eventRegistry, topicOf } from '@kora/contracts';
import type { ServiceContext, Subscription } from '@kora/platform/service';
import { randomBytes } from 'node:crypto';
import { conversationFrame, isConversationEvent } from './conversation-frames.js';
import type { LiveHub } from './hub.js';

/** One instance's group: `<service>.live.<16 hex>`. */
export function liveFeedGroupId(service: string): string {
  return `${service}.live.${randomBytes(8).toString('hex')}`;
}

/**
 * True for a live feed's group as the broker names it (after any topic prefix). Such a group starts
 * at the end (above), which whoever measures the groups' backlog must know (the bench: backlog.ts).
 */
export function isLiveFeedGroup(groupId: string): boolean {
  return /\.live\.[0-9a-f]{16}$/.test(groupId);
}

/**
 * A notification older than this is not pushed as new: it reaches the member through the list and
 * the unread count their socket starts with. Events come again long after they were created only
 * when something replays them (the embedded product republishes its kept outbox after a crash,
 * scripts/run/outbox-replay.ts; an operator after a restore), and a member must not then see a
 * day of old notifications arrive as new. Ten minutes still covers a broker outage's backlog.
 */
export const LIVE_MAX_AGE_MS = 10 * 60_000;

export function tooOldForLive(createdAt: string, now: number): boolean {
  return now - Date.parse(createdAt) > LIVE_MAX_AGE_MS;
}

export function startLiveFeed(ctx: ServiceContext, hub: LiveHub): Promise<Subscription> {
  return ctx.bus.subscribe({
    groupId: liveFeedGroupId(ctx.name),
    topics: [
      ...new Set([topicOf('notification.created'), topicOf('session.revoked'), topicOf('message.sent'), topicOf('conversation.typing')]),
    ],
    fromBeginning: false,
    handle: async (message) => {
      hub.messagesSeen++;
      // Never throw: a retry could not help a malformed message, and must not stall the others.
      try {
        handleLiveEvent(hub, JSON.parse(message.value));
      } catch (err) {
        ctx.log.warn({ err, topic: message.topic }, 'live feed message skipped');
      }
    },
  });
}

/** What the feed reads of an envelope; the payload is checked by its own schema, once, when needed. */
interface LiveEnvelope {
  id: string;
  type: string;
  occurredAt: string;
  payload: Record<string, unknown>;
}

/**
 * The envelope's fields the feed uses, checked by hand: the registry's payload schema checks the
 * rest where a frame is sent, so an event is validated once, and not at all on an instance that
 * holds none of its members' sockets (most instances, for most events).
 */
function envelopeOf(value: unknown): LiveEnvelope | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, type, occurredAt, payload } = value as Record<string, unknown>;
  if (typeof id !== 'string' || typeof type !== 'string' || typeof occurredAt !== 'string') return null;
  if (typeof payload !== 'object' || payload === null || Number.isNaN(Date.parse(occurredAt))) return null;
  return { id, type, occurredAt, payload: payload as Record<string, unknown> };
}

/** Handles one message of the live feed's topics (exported for tests that feed it by hand). */
export function handleLiveEvent(hub: LiveHub, value: unknown, now = Date.now()): void {
  const envelope = envelopeOf(value);
  if (!envelope) return;
  const { id, type, payload } = envelope;
  if (isConversationEvent(type)) {
    // The event's own time: a replayed conversation event is as stale as a replayed notification.
    if (!hub.holdsAnyOf(payload.memberIds) || tooOldForLive(envelope.occurredAt, now)) return;
    const conversation = conversationFrame(type, payload);
    if (conversation) hub.broadcast(id, conversation.memberIds, conversation.frame, conversation.skip);
  } else if (type === 'notification.created') {
    if (!hub.holdsAnyOf([payload.recipientId])) return;
    // The registry's payload schema checks the notification itself too.
    const event = eventRegistry['notification.created'].payload.safeParse(payload);
    if (event.success && !tooOldForLive(event.data.notification.createdAt, now)) hub.push(event.data.recipientId, event.data.notification);
  } else if (type === 'session.revoked') {
    const event = eventRegistry['session.revoked'].payload.safeParse(payload);
    if (event.success) hub.closeSession(event.data.userId, event.data.sessionId);
  }
}
