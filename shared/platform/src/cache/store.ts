/**
 * Key-value store port for caches, rate limits and short-lived flags (revoked sessions, cooldowns).
 * Redis in distributed mode so every replica sees the same counters; memory in embedded mode.
 */
export interface KeyValueStore {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  /** The values of `keys`, in their order (null where a key is missing or expired); one round trip. */
  mget(keys: readonly string[]): Promise<(string | null)[]>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(key: string): Promise<void>;
  /**
   * Adds `by` (default 1) to a counter that expires `windowMs` after its first hit; returns the new
   * count and how long until the counter expires.
   */
  hit(key: string, windowMs: number, by?: number): Promise<{ count: number; resetInMs: number }>;
  /** The keys starting with `prefix`, with how long each has left (null: no expiry). */
  scan(prefix: string): Promise<{ key: string; ttlMs: number | null }[]>;
  /** Tells every subscriber of `channel` (every process, with Redis) the message. */
  publish(channel: string, message: string): Promise<void>;
  /**
   * Calls `onMessage` for each message published on `channel` from now on. `onResubscribed` is
   * called when the subscription came back after a lost connection: messages published meanwhile
   * were missed, so the subscriber should re-read what it keeps (with `scan`). Resolves once
   * subscribed; the function it answers unsubscribes.
   */
  subscribe(channel: string, onMessage: (message: string) => void, onResubscribed?: () => void): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
