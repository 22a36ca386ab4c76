/**
 * Consuming events idempotently: the event id is recorded in `processed_events` in the same
 * transaction as the handler's effect. A redelivered or replayed event finds its id already there
 * and is skipped, so at-least-once delivery yields exactly-once effects.
 */
import { eventEnvelopeSchema, eventRegistry, isEventType, type EventEnvelope, type EventPayload, type EventType } from '@kora/contracts';
import type { Logger } from 'pino';
import type { Db, Tx } from '../db/database.js';
import type { PlatformTables } from '../db/platform-tables.js';
import { runWithTrace } from '../logger.js';
import type { BusMessage, EventBus, Subscription } from './bus.js';
import { writeToOutbox, type Emit, type NewEvent } from './outbox.js';

/**
 * Handles one event inside the transaction that records it as processed. Events passed to `emit`
 * are written to the outbox in that same transaction (as `ctx.transact` does for routes), so an
 * effect and its announcement commit together.
 */
export type EventHandler<T extends EventType> = (event: EventEnvelope<EventPayload<T>>, tx: Tx, emit: Emit) => Promise<void>;

export type HandlerMap = { [T in EventType]?: EventHandler<T> };

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
}

export type ConsumeResult = 'processed' | 'duplicate' | 'ignored';

/** Handles one message; exported for tests that replay a message by hand. */
export async function consumeMessage(options: ConsumerOptions, message: BusMessage): Promise<ConsumeResult> {
  const { group, handlers, db, tables, log } = options;
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
  const event = { ...parsed, payload: payload.data } as EventEnvelope<EventPayload<EventType>>;
  const emitted: NewEvent<EventType>[] = [];
  const result = await runWithTrace(event.traceId ?? event.id, () =>
    db.transaction(async (tx) => {
      const inserted = await tx
        .insert(tables.processedEvents)
        .values({ consumer: group, eventId: event.id })
        .onConflictDoNothing()
        .returning({ eventId: tables.processedEvents.eventId });
      if (inserted.length === 0) {
        log.debug({ eventId: event.id, type, group }, 'event already processed');
        return 'duplicate' as const;
      }
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- tsc rejects the line without it (the rule misjudges these generic types)
      await handler(event, tx, (e) => void emitted.push(e as NewEvent<EventType>));
      await writeToOutbox(tx, tables, emitted);
      log.info({ eventId: event.id, type, group }, 'event processed');
      return 'processed' as const;
    }),
  );
  if (result === 'processed' && emitted.length > 0) options.onEventsWritten?.();
  return result;
}

export async function startConsumer(options: ConsumerOptions): Promise<Subscription> {
  const types = Object.keys(options.handlers) as EventType[];
  const topics = [...new Set(types.map((t) => eventRegistry[t].topic))];
  return options.bus.subscribe({
    groupId: options.group,
    topics,
    handle: async (message) => void (await consumeMessage(options, message)),
  });
}
