/**
 * Consuming events idempotently: the event id is recorded in `processed_events` in the same
 * transaction as the handler's effect. A redelivered or replayed event finds its id already there
 * and is skipped, so at-least-once delivery yields exactly-once effects.
 */
import { eventEnvelopeSchema, eventRegistry, isEventType, type EventEnvelope, type EventPayload, type EventType } from '@kora/contracts';
import type { Logger } from 'pino';
import type { Db, Tx } from '../db/database.js';
import type { PlatformTables } from '../db/platform-tables.js';
import type { BusMessage, EventBus, Subscription } from './bus.js';
import { handleInTrace } from './event-spans.js';
import { buildEnvelope, writeEnvelopes, type Emit, type NewEvent } from './outbox.js';

/**
 * Handles one event inside the transaction that records it as processed. Events passed to `emit`
 * are written to the outbox in that same transaction (as `ctx.transact` does for routes), so an
 * effect and its announcement commit together.
 */
export type EventHandler<T extends EventType> = (event: EventEnvelope<EventPayload<T>>, tx: Tx, emit: Emit) => Promise<void>;

export type HandlerMap = { [T in EventType]?: EventHandler<T> };

/** Whether an event needs its handler at all (ConsumerOptions.needed). */
export type NeededCheck = (event: EventEnvelope<EventPayload<EventType>>) => Promise<boolean>;

export interface ConsumerOptions {
  /** Consumer group, e.g. `posts.projections`: each group sees every event once. */
  group: string;
  handlers: HandlerMap;
  db: Db;
  tables: PlatformTables;
  bus: EventBus;
  log: Logger;
  /**
   * Called after a handler's transaction committed with events it emitted. The runtime nudges the
   * outbox relay here, so they go out at once instead of at the next poll.
   */
  onEventsWritten?: () => void;
  /**
   * Asked first, outside any transaction, for each event read: false when its handler would change
   * nothing (a push for a member with no device), so it costs no transaction and no record of being
   * processed (decision 050). A redelivered event is asked again; only a handled one is recorded.
   */
  needed?: NeededCheck;
  /** Optional: how long the group's fetches may gather events first (SubscribeOptions.gatherMs). */
  gatherMs?: number;
}

export type ConsumeResult = 'processed' | 'duplicate' | 'ignored';

/** A message read as an event this group handles, or why not. */
type Parsed = { event: EventEnvelope<EventPayload<EventType>>; handler: EventHandler<EventType> } | 'ignored';

function parseMessage(options: ConsumerOptions, message: BusMessage): Parsed {
  const { handlers, log } = options;
  let parsed: EventEnvelope;
  try {
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc rejects the line without it (the rule misjudges these generic types)
    parsed = eventEnvelopeSchema.parse(JSON.parse(message.value)) as EventEnvelope;
  } catch (err) {
    // A message no version of us can read: retrying cannot help, so log it loudly and move on.
    log.error({ err, topic: message.topic, key: message.key }, 'dropping malformed event');
    return 'ignored';
  }
  const type = parsed.type;
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc rejects the line without it (the rule misjudges these generic types)
  const handler = isEventType(type) ? (handlers[type] as EventHandler<EventType> | undefined) : undefined;
  if (!handler || !isEventType(type)) return 'ignored';
  const payload = eventRegistry[type].payload.safeParse(parsed.payload);
  if (!payload.success) {
    log.error({ eventId: parsed.id, type, issues: payload.error.issues }, 'dropping event with invalid payload');
    return 'ignored';
  }
  return { event: { ...parsed, payload: payload.data }, handler };
}

/** Handles one message; exported for tests that replay a message by hand. */
export async function consumeMessage(options: ConsumerOptions, message: BusMessage): Promise<ConsumeResult> {
  const [parsed] = await withoutUnneeded(options, [parseMessage(options, message)]);
  if (!parsed || parsed === 'ignored') return 'ignored';
  const [result] = await consumeEvents(options, [parsed]);
  return result!;
}

/** The parsed messages, those `needed` turns down counted as ignored. */
async function withoutUnneeded(options: ConsumerOptions, parsed: Parsed[]): Promise<Parsed[]> {
  const { needed } = options;
  if (!needed) return parsed;
  return Promise.all(parsed.map(async (p) => (p === 'ignored' || (await needed(p.event)) ? p : 'ignored')));
}

/**
 * Handles a run of messages (one partition's, in order) in one transaction: one record of the
 * events processed, each handler in turn, one outbox write. Under load this spares a transaction
 * and two statements per event (decision 040). If any handler fails, nothing of the run is kept
 * and each message is handled on its own, so one bad event costs only its own retries.
 */
export async function consumeBatch(options: ConsumerOptions, messages: BusMessage[]): Promise<ConsumeResult[]> {
  // Each message is read once: the fallback below handles the events already read, so a malformed
  // one is neither parsed nor logged twice.
  const parsed = await withoutUnneeded(
    options,
    messages.map((message) => parseMessage(options, message)),
  );
  const events = parsed.filter((p) => p !== 'ignored');
  const inOrder = (results: ConsumeResult[]) => {
    let next = 0;
    return parsed.map((p) => (p === 'ignored' ? 'ignored' : results[next++]!));
  };
  if (events.length <= 1) return inOrder(await consumeEvents(options, events));
  try {
    return inOrder(await consumeEvents(options, events));
  } catch (err) {
    options.log.warn({ err, group: options.group, events: events.length }, 'a batch of events failed; handling them one by one');
    const results: ConsumeResult[] = [];
    for (const event of events) results.push(...(await consumeEvents(options, [event])));
    return inOrder(results);
  }
}

async function consumeEvents(
  options: ConsumerOptions,
  events: { event: EventEnvelope<EventPayload<EventType>>; handler: EventHandler<EventType> }[],
): Promise<ConsumeResult[]> {
  const { group, db, tables, log } = options;
  if (events.length === 0) return [];
  // Built as they are emitted, so each carries the trace of the event whose handler emitted it.
  const emitted: EventEnvelope[] = [];
  const results = await db.transaction(async (tx) => {
    const ids = [...new Set(events.map(({ event }) => event.id))];
    const inserted = await tx
      .insert(tables.processedEvents)
      .values(ids.map((eventId) => ({ consumer: group, eventId })))
      .onConflictDoNothing()
      .returning({ eventId: tables.processedEvents.eventId });
    // An id twice in one run (a replay) counts once: the first is handled, the second is a duplicate.
    const fresh = new Set(inserted.map((row) => row.eventId));
    const out: ConsumeResult[] = [];
    for (const { event, handler } of events) {
      if (!fresh.delete(event.id)) {
        log.debug({ eventId: event.id, type: event.type, group }, 'event already processed');
        out.push('duplicate');
        continue;
      }
      // The trace of the request that caused it, for every statement and event of this handler.
      await handleInTrace(event, group, async () => {
        await handler(event, tx, (e) => void emitted.push(buildEnvelope(e as NewEvent<EventType>)));
        log.info({ eventId: event.id, type: event.type, group }, 'event processed');
      });
      out.push('processed');
    }
    await writeEnvelopes(tx, tables, emitted);
    return out;
  });
  if (emitted.length > 0) options.onEventsWritten?.();
  return results;
}

export async function startConsumer(options: ConsumerOptions): Promise<Subscription> {
  const types = Object.keys(options.handlers) as EventType[];
  const topics = [...new Set(types.map((t) => eventRegistry[t].topic))];
  return options.bus.subscribe({
    groupId: options.group,
    topics,
    handle: async (message) => void (await consumeMessage(options, message)),
    handleBatch: async (messages) => void (await consumeBatch(options, messages)),
    gatherMs: options.gatherMs,
  });
}
