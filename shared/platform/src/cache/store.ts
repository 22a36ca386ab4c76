/**
 * Key-value store port for caches, rate limits and short-lived flags (revoked sessions, cooldowns).
 * Redis in distributed mode so every replica sees the same counters; memory in embedded mode.
 */
export interface KeyValueStore {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs?: number): Promise<void>;
  del(key: string): Promise<void>;
  /** Adds one to a counter that expires `windowMs` after its first hit; returns the new count. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
