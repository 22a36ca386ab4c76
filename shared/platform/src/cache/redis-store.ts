/**
 * Redis KeyValueStore (ioredis). The counter uses one atomic script so concurrent hits never lose a
 * count; the script is sent once and called by its hash after that (EVALSHA, ioredis' defineCommand).
 *
 * Auto-pipelining: the commands issued in one turn of the event loop (the rate-limit counts and
 * revoked-session lookups of every request the gateway is handling) go out in one write and come
 * back in one read, instead of one system call pair per command. Under load that was most of the
 * gateway's Redis cost (docs/performance.md); each command still resolves on its own.
 */
import { Redis } from 'ioredis';
import type { KeyValueStore } from './store.js';

const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}`;

type HitCommand = Redis & { koraHit(key: string, windowMs: string, by: string): Promise<unknown> };

export class RedisStore implements KeyValueStore {
  readonly kind = 'redis' as const;
  private readonly redis: Redis;
  private readonly subscribers = new Set<Redis>();

  constructor(
    url: string,
    private readonly prefix = 'kora:',
  ) {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, enableAutoPipelining: true });
    this.redis.defineCommand('koraHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    // Connection errors surface through the failing command and /readyz, not as process crashes.
    this.redis.on('error', () => {});
  }

  async get(key: string): Promise<string | null> {
    return this.redis.get(this.prefix + key);
  }

  async mget(keys: readonly string[]): Promise<(string | null)[]> {
    // MGET with no keys is a Redis error, not an empty answer.
    if (keys.length === 0) return [];
    return this.redis.mget(keys.map((key) => this.prefix + key));
  }

  async set(key: string, value: string, ttlMs?: number): Promise<void> {
    if (ttlMs) await this.redis.set(this.prefix + key, value, 'PX', ttlMs);
    else await this.redis.set(this.prefix + key, value);
  }

  async del(key: string): Promise<void> {
    await this.redis.del(this.prefix + key);
  }

  async hit(key: string, windowMs: number, by = 1): Promise<{ count: number; resetInMs: number }> {
    const [count, ttl] = (await (this.redis as HitCommand).koraHit(this.prefix + key, String(windowMs), String(by))) as [number, number];
    return { count, resetInMs: Math.max(0, ttl) };
  }

  async scan(prefix: string): Promise<{ key: string; ttlMs: number | null }[]> {
    const found: { key: string; ttlMs: number | null }[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', `${escapeGlob(this.prefix + prefix)}*`, 'COUNT', 1000);
      cursor = next;
      const ttls = await Promise.all(keys.map((key) => this.redis.pttl(key)));
      keys.forEach((key, i) => {
        const ttl = ttls[i]!;
        // -2: gone since the scan saw it; -1: no expiry.
        if (ttl !== -2) found.push({ key: key.slice(this.prefix.length), ttlMs: ttl === -1 ? null : ttl });
      });
    } while (cursor !== '0');
    return found;
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.redis.publish(this.prefix + channel, message);
  }

  async subscribe(channel: string, onMessage: (message: string) => void, onResubscribed?: () => void): Promise<() => Promise<void>> {
    // A subscribed connection can do nothing else: each subscription has its own.
    const subscriber = this.redis.duplicate({ enableAutoPipelining: false });
    subscriber.on('error', () => {});
    const name = this.prefix + channel;
    let subscribedOnce = false;
    subscriber.on('ready', () => {
      // ioredis subscribes again by itself after a reconnect; what was published meanwhile is lost.
      if (subscribedOnce) onResubscribed?.();
    });
    subscriber.on('message', (from: string, message: string) => {
      if (from === name) onMessage(message);
    });
    await subscriber.subscribe(name);
    subscribedOnce = true;
    this.subscribers.add(subscriber);
    return async () => {
      this.subscribers.delete(subscriber);
      await subscriber.quit().catch(() => subscriber.disconnect());
    };
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscribers].map((s) => s.quit().catch(() => s.disconnect())));
    this.subscribers.clear();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}

/** `prefix` as a literal in a SCAN pattern: glob characters escaped. */
function escapeGlob(prefix: string): string {
  return prefix.replace(/[*?[\]\\]/g, (c) => `\\${c}`);
}
