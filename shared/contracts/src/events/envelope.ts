/**
 * The one envelope every integration event travels in, on Kafka and on the in-process bus alike.
 * Consumers validate it before acting, so a malformed message is rejected at the door rather than
 * half-processed.
 */
import { z } from 'zod';

export const eventEnvelopeSchema = z.object({
  /** Unique per event; consumers record it to make processing idempotent. */
  id: z.string().uuid(),
  /** Past-tense name from the registry, e.g. `post.liked`. */
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string().datetime(),
  /** The Kafka message key: events of one aggregate stay ordered on one partition. */
  aggregateId: z.string().min(1),
  /** The member (or system actor) who caused it; null for system events. */
  actorId: z.number().int().nullable(),
  payload: z.unknown(),
  /** The request id of the HTTP call that caused it (its W3C trace id when tracing is on), carried into consumer logs. */
  traceId: z.string().nullable(),
  /**
   * The W3C `traceparent` of the span that emitted it, when tracing is on (decision 053): the
   * consumer's span continues that trace. Optional: events written without it are read as before,
   * and one that is not a short string is ignored, never the cause of dropping the event.
   */
  traceparent: z.string().max(128).optional().catch(undefined),
});

export type EventEnvelope<P = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'payload'> & {
  payload: P;
};
