/**
 * The event bus port: at-least-once delivery of keyed messages to consumer groups. Kafka in
 * distributed mode, an in-process bus in embedded mode. Each consumer group receives every message
 * of its topics once (redelivered after a failure), and messages with the same key stay in order.
 */
export interface BusMessage {
  topic: string;
  key: string;
  value: string;
}

export type MessageHandler = (message: BusMessage) => Promise<void>;

export interface SubscribeOptions {
  groupId: string;
  topics: string[];
  handle: MessageHandler;
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
