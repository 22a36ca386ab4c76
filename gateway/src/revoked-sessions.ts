/**
 * The sessions that have ended, as this gateway knows them, checked on every request without a
 * round trip to the store. A lookup in Redis per request was, with the rate limit's, the largest
 * cost left at the edge (docs/performance.md).
 *
 * Fed the way the access-token contract says (platform access-token.ts): every `revoked-session:`
 * key at start (and again whenever the subscription comes back after a lost connection, since what
 * was published meanwhile is lost), and each sid auth publishes on the revoked-sessions channel.
 * The subscription is made before the keys are read, so a revocation in between is not missed.
 * Auth publishes before it answers the request that ended the session, and also names the sessions
 * in that answer, which the proxy hands to `add`: the member's next request through this gateway is
 * refused even when the message comes late.
 *
 * Entries are kept as long as a token of the session can live, then dropped. If the store cannot be
 * read at start, the gateway starts anyway (tokens accepted until it can: a Redis outage must not
 * sign every member out) and keeps trying in the background.
 */
import { REVOKED_KEY_PREFIX, REVOKED_KEY_TTL_MS, REVOKED_SESSIONS_CHANNEL, sessionOfRevokedKey } from '@kora/platform/access-token';
import type { KeyValueStore, Logger } from '@kora/platform';

const RETRY_MS = 2_000;
const START_WAIT_MS = 3_000;
const SWEEP_MS = 60_000;

export interface RevokedSessions {
  has(sessionId: string): boolean;
  /** A session auth's answer said it ended: refused at once, before its pub/sub message comes. */
  add(sessionId: string): void;
  /** Sessions remembered now (tests, metrics). */
  readonly size: number;
  stop(): Promise<void>;
}

export async function watchRevokedSessions(store: KeyValueStore, log: Logger, now: () => number = Date.now): Promise<RevokedSessions> {
  const until = new Map<string, number>();
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const remember = (sessionId: string, ttlMs: number | null) => {
    const expires = now() + (ttlMs ?? REVOKED_KEY_TTL_MS);
    if ((until.get(sessionId) ?? 0) < expires) until.set(sessionId, expires);
  };

  async function load(): Promise<void> {
    for (const { key, ttlMs } of await store.scan(REVOKED_KEY_PREFIX)) {
      const sessionId = sessionOfRevokedKey(key);
      if (sessionId) remember(sessionId, ttlMs);
    }
  }

  let unsubscribe: (() => Promise<void>) | null = null;
  /** Subscribes (first, so nothing published while reading is missed), then reads the keys. */
  async function connect(): Promise<void> {
    try {
      unsubscribe ??= await store.subscribe(
        REVOKED_SESSIONS_CHANNEL,
        (sessionId) => remember(sessionId, null),
        () => void reload(),
      );
      await load();
    } catch (err) {
      log.warn({ err }, 'could not read the revoked sessions; accepting tokens until the store answers');
      if (!stopped) retry = setTimeout(() => void connect(), RETRY_MS).unref();
    }
  }
  const reload = () => load().catch(() => connect());

  // The store may be down or slow at start: the gateway starts anyway, and connects meanwhile.
  await Promise.race([connect(), new Promise((r) => setTimeout(r, START_WAIT_MS).unref())]);

  const sweep = setInterval(() => {
    const t = now();
    for (const [sessionId, expires] of until) if (expires <= t) until.delete(sessionId);
  }, SWEEP_MS).unref();

  return {
    has(sessionId) {
      const expires = until.get(sessionId);
      return expires !== undefined && expires > now();
    },
    add(sessionId) {
      remember(sessionId, null);
    },
    get size() {
      return until.size;
    },
    async stop() {
      stopped = true;
      clearInterval(sweep);
      clearTimeout(retry);
      await unsubscribe?.().catch(() => {});
    },
  };
}
