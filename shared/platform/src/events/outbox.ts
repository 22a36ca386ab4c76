/**
 * Writing events: a service records the event in its own outbox table inside the same transaction
 * as the change it describes. Either both are committed or neither is, so an event is never
 * published for a change that rolled back, nor lost for one that committed. The relay publishes it.
 */
import { eventRegistry, type EventEnvelope, type EventPayload, type EventType } from '@kora/contracts';
import { randomUUID } from 'node:crypto';
import type { DbOrTx } from '../db/database.js';
import type { PlatformTables } from '../db/platform-tables.js';
import { currentTraceId } from '../logger.js';
import { emittedTraceparent } from './event-spans.js';

export interface NewEvent<T extends EventType> {
  type: T;
  aggregateId: string | number;
  actorId: number | null;
  payload: EventPayload<T>;
}

/** Queues an event for the transaction in progress (a service's `transact` hands one out). */
export type Emit = <T extends EventType>(event: NewEvent<T>) => void;

export function buildEnvelope<T extends EventType>(event: NewEvent<T>): EventEnvelope<EventPayload<T>> {
  const def = eventRegistry[event.type];
  // Validate on the way out: a producer bug must fail its own request, not every consumer.
  const payload = def.payload.parse(event.payload) as EventPayload<T>;
  const id = randomUUID();
  const traceparent = emittedTraceparent({ id, type: event.type }, def.topic);
  return {
    id,
    type: event.type,
    version: def.version,
    occurredAt: new Date().toISOString(),
    aggregateId: String(event.aggregateId),
    actorId: event.actorId,
    payload,
    traceId: currentTraceId(),
    ...(traceparent ? { traceparent } : {}),
  };
}

/** Records events in the outbox; call inside the transaction that makes the change. */
export async function writeToOutbox(tx: DbOrTx, tables: PlatformTables, events: NewEvent<EventType>[]): Promise<EventEnvelope[]> {
  const envelopes = events.map(buildEnvelope);
  await writeEnvelopes(tx, tables, envelopes);
  return envelopes;
}

/** Records envelopes already built (each with the trace it was emitted under) in the outbox. */
export async function writeEnvelopes(tx: DbOrTx, tables: PlatformTables, envelopes: EventEnvelope[]): Promise<void> {
  if (envelopes.length === 0) return;
  await tx.insert(tables.outbox).values(
    envelopes.map((envelope) => ({
      id: envelope.id,
      topic: eventRegistry[envelope.type as EventType].topic,
      key: envelope.aggregateId,
      envelope,
    })),
  );
}
