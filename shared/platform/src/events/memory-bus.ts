/**
 * In-process event bus for embedded mode. It keeps Kafka's semantics that the code relies on:
 * every consumer group gets each message, messages with one key are handled in order, and a handler
 * that throws gets the message again after a backoff (at-least-once), never dropping it.
 */
import { isCompactedTopic } from '@kora/contracts';
import type { Logger } from 'pino';
import { retryDelayMs, type BusMessage, type EventBus, type SubscribeOptions, type Subscription } from './bus.js';

interface Group {
  groupId: string;
  topics: Set<string>;
  handle: SubscribeOptions['handle'];
  /** One ordered chain per key, like one Kafka partition per key. */
  chains: Map<string, Promise<void>>;
  stopped: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class MemoryEventBus implements EventBus {
  readonly kind = 'memory' as const;
  private readonly groups = new Map<string, Group>();
  /** Latest message per key of compacted topics, replayed to new subscribers as Kafka would. */
  private readonly retained = new Map<string, BusMessage>();

  /**
   * With `keepStartupLog`: every message published until `startupOver()`, replayed to a group that
   * subscribes in that time, as Kafka keeps it. The embedded product starts its services one after
   * another, and the first ones publish (a first admin, say) before the last ones subscribe.
   */
  private startupLog: BusMessage[] | null;

  constructor(
    private readonly log?: Logger,
    { keepStartupLog = false }: { keepStartupLog?: boolean } = {},
  ) {
    this.startupLog = keepStartupLog ? [] : null;
  }

  /** The product has started: messages are no longer kept for groups still to come. */
  startupOver(): void {
    this.startupLog = null;
  }

  async ensureTopics(): Promise<void> {}

  async publish(messages: BusMessage[]): Promise<void> {
    for (const message of messages) {
      if (isCompactedTopic(message.topic)) this.retained.set(`${message.topic}\u0000${message.key}`, message);
      else this.startupLog?.push(message);
      for (const group of this.groups.values()) {
        if (!group.stopped && group.topics.has(message.topic)) this.enqueue(group, message);
      }
    }
  }

  async subscribe({ groupId, topics, handle, fromBeginning = true }: SubscribeOptions): Promise<Subscription> {
    if (this.groups.has(groupId)) throw new Error(`Consumer group ${groupId} is already subscribed`);
    const group: Group = { groupId, topics: new Set(topics), handle, chains: new Map(), stopped: false };
    this.groups.set(groupId, group);
    if (fromBeginning) {
      for (const message of this.retained.values()) if (group.topics.has(message.topic)) this.enqueue(group, message);
      for (const message of this.startupLog ?? []) if (group.topics.has(message.topic)) this.enqueue(group, message);
    }
    return {
      stop: async () => {
        group.stopped = true;
        this.groups.delete(groupId);
        await Promise.allSettled([...group.chains.values()]);
      },
    };
  }

  /** Resolves when every message published so far has been handled (tests and shutdown use it). */
  async drain(): Promise<void> {
    for (;;) {
      const pending = [...this.groups.values()].flatMap((g) => [...g.chains.values()]);
      if (pending.length === 0) return;
      await Promise.allSettled(pending);
    }
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    await Promise.all([...this.groups.values()].map(async (g) => (g.stopped = true)));
    await this.drain();
    this.groups.clear();
  }

  private enqueue(group: Group, message: BusMessage): void {
    const key = `${message.topic}\u0000${message.key}`;
    const previous = group.chains.get(key) ?? Promise.resolve();
    const next = previous.then(() => this.deliver(group, message));
    group.chains.set(key, next);
    void next.finally(() => {
      if (group.chains.get(key) === next) group.chains.delete(key);
    });
  }

  private async deliver(group: Group, message: BusMessage): Promise<void> {
    for (let attempt = 1; !group.stopped; attempt++) {
      try {
        await group.handle(message);
        return;
      } catch (err) {
        this.log?.warn({ err, groupId: group.groupId, topic: message.topic, attempt }, 'event handler failed; will retry');
        await sleep(retryDelayMs(attempt));
      }
    }
  }
}
