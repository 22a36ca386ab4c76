/**
 * The event bus port: at-least-once delivery of keyed messages to consumer groups. Kafka in
 * distributed mode, an in-process bus in embedded mode. Each consumer group receives every message
 * of its topics once (redelivered after a failure), and messages with the same key stay in order.
 */
export interface BusMessage {
  topic: string;
  key: string;
  value: string;
  /**
   * Optional headers the broker keeps beside the value (Kafka's message headers): the event's W3C
   * `traceparent`, for tools that follow traces without reading envelopes (decision 053).
   */
  headers?: Record<string, string>;
}

export type MessageHandler = (message: BusMessage) => Promise<void>;

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  handle: MessageHandler;
  /**
   * Optional: handles a run of one partition's messages at once, in order (the Kafka bus hands over
   * up to a fetch's worth when several wait); it must have the same effect as `handle` on each.
   * Without it, or on the memory bus, every message goes through `handle`.
   */
  handleBatch?: (messages: BusMessage[]) => Promise<void>;
  /**
   * Where a group with no committed offset starts: true (default) reads each topic from its
   * beginning; false starts at the latest offset, for a per-instance group that only cares about
   * what happens from now on (live fan-out) and must not replay history when a new instance starts.
   * On the memory bus every group only sees messages published after it subscribed anyway; false
   * there also skips the replay of compacted topics' retained messages.
   */
  fromBeginning?: boolean;
  /**
   * Optional, for a group that needs no haste (pushes to phones): the broker holds each fetch until
   * this many milliseconds have passed (or a megabyte waits), so a busy second costs the group a few
   * fetches and commits instead of one per event. The memory bus delivers at once regardless.
   */
  gatherMs?: number;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface EventBus {
  readonly kind: 'kafka' | 'memory';
  /** Creates missing topics (Kafka); a no-op in memory. */
  ensureTopics(topics: string[]): Promise<void>;
  /** Resolves once every message is acknowledged by the broker; rejects if any is not. */
  publish(messages: BusMessage[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** Retry delay for a failed handler: exponential with jitter, capped, so a bad dependency is not hammered. */
export function retryDelayMs(attempt: number, baseMs = 200, capMs = 30_000): number {
  const exp = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exp / 2 + Math.random() * (exp / 2));
}
