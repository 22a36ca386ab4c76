/**
 * Access tokens as the edge sees them, verified once each. A member's browser sends the same token
 * with every request for its 15 minutes; checking its signature again each time (WebCrypto HMAC
 * through jose, a job on another thread and a promise) was the gateway's largest single cost under
 * load (docs/performance.md). So a token that verified is remembered, with the identity it proves,
 * until it expires; the identity assertion signed for the services is kept too and signed afresh
 * when half of its 60 s has gone.
 *
 * What is not cached: a token that failed (it is checked again, and the rate limit bounds how often
 * a client may try), and revocation, which the caller looks up for every request so a revoked
 * session is refused at once. A token is immutable and the cache key is the whole token, so a
 * remembered answer can never belong to another token. The cache is bounded (least recently used
 * go first) so a flood of distinct valid tokens costs memory in proportion to MAX_TOKENS only.
 */
import { createAccessTokenChecker, type VerifiedAccessToken } from '@kora/platform/access-token';
import { signIdentity, type Identity } from '@kora/platform/identity';
import { LRUCache } from 'lru-cache';

/** About a kilobyte each: tens of thousands of signed-in members cost a few tens of megabytes. */
export const MAX_TOKENS = 20_000;
/** Assertions live 60 s (identity.ts); one is re-signed once it is this old. */
const ASSERTION_REFRESH_MS = 30_000;

export interface EdgeIdentity {
  identity: Identity;
  /** The signed `x-kora-identity` value to forward upstream. */
  assertion: string;
}

interface Entry extends EdgeIdentity {
  validUntilMs: number;
  signedAtMs: number;
}

export interface EdgeTokens {
  /** The identity a token proves, with a fresh assertion, or null when the token is not valid (now). */
  identify(token: string, now?: number): Promise<EdgeIdentity | null>;
  /**
   * At once, without checking a signature: the remembered answer for a token, null when it was
   * remembered but has expired, undefined when it is not remembered (ask `identify`).
   */
  peek(token: string, now?: number): EdgeIdentity | null | undefined;
  /** Tokens remembered now (tests, metrics). */
  readonly size: number;
}

export interface EdgeTokensOptions {
  accessTokenSecret: string;
  internalSecret: string;
  max?: number;
  /** The signature check (tests count its calls); by default the access-token contract's. */
  check?: (token: string) => Promise<VerifiedAccessToken | null>;
}

export function createEdgeTokens(options: EdgeTokensOptions): EdgeTokens {
  const check = options.check ?? createAccessTokenChecker(options.accessTokenSecret);
  const cache = new LRUCache<string, Entry>({ max: options.max ?? MAX_TOKENS });
  const tokens: EdgeTokens = {
    get size() {
      return cache.size;
    },
    peek(token, now = Date.now()) {
      const entry = cache.get(token);
      if (!entry) return undefined;
      if (now >= entry.validUntilMs) {
        cache.delete(token);
        return null;
      }
      if (now - entry.signedAtMs >= ASSERTION_REFRESH_MS) {
        entry.assertion = signIdentity(entry.identity, options.internalSecret, now);
        entry.signedAtMs = now;
      }
      return entry;
    },
    async identify(token, now = Date.now()) {
      const known = tokens.peek(token, now);
      if (known !== undefined) return known;
      const verified = await check(token);
      if (!verified) return null;
      const entry: Entry = { ...verified, assertion: signIdentity(verified.identity, options.internalSecret, now), signedAtMs: now };
      cache.set(token, entry);
      return tokens.peek(token, now) ?? null;
    },
  };
  return tokens;
}
