/**
 * In-memory KeyValueStore with lazy expiry plus a periodic sweep so expired keys do not pile up.
 * Publish/subscribe is in-process (embedded mode is one process): a message reaches every
 * subscriber before `publish` returns.
 */
import { EventEmitter } from 'node:events';
import type { KeyValueStore } from './store.js';

interface Entry {
  value: string;
  expiresAt: number | null;
}

export class MemoryStore implements KeyValueStore {
  readonly kind = 'memory' as const;
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly channels = new EventEmitter().setMaxListeners(0);

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async get(key: string): Promise<string | null> {
    return this.live(key)?.value ?? null;
  }

  async mget(keys: readonly string[]): Promise<(string | null)[]> {
    return keys.map((key) => this.live(key)?.value ?? null);
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    this.entries.set(key, { value, expiresAt: ttlMs ? this.now() + ttlMs : null });
  }

  async del(key: string): Promise<void> {
    this.entries.delete(key);
  }

  async hit(key: string, windowMs: number, by = 1): Promise<{ count: number; resetInMs: number }> {
    const entry = this.live(key);
    if (!entry) {
      this.entries.set(key, { value: String(by), expiresAt: this.now() + windowMs });
      return { count: by, resetInMs: windowMs };
    }
    entry.value = String(Number(entry.value) + by);
    return { count: Number(entry.value), resetInMs: Math.max(0, (entry.expiresAt ?? this.now()) - this.now()) };
  }

  async scan(prefix: string): Promise<{ key: string; ttlMs: number | null }[]> {
    const found: { key: string; ttlMs: number | null }[] = [];
    for (const key of this.entries.keys()) {
      const entry = key.startsWith(prefix) ? this.live(key) : undefined;
      if (entry) found.push({ key, ttlMs: entry.expiresAt === null ? null : entry.expiresAt - this.now() });
    }
    return found;
  }

  async publish(channel: string, message: string): Promise<void> {
    this.channels.emit(channel, message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>> {
    this.channels.on(channel, onMessage);
    return async () => void this.channels.off(channel, onMessage);
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.entries.clear();
    this.channels.removeAllListeners();
  }

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt !== null && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep(): void {
    for (const key of this.entries.keys()) this.live(key);
  }
}
