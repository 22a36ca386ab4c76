/**
 * Which browser origins the gateway trusts besides its own: CORS answers them and the CSRF check
 * accepts them. One list feeds both so they can never disagree. It starts from CORS_ORIGINS; the
 * admin "CORS origins" site setting can later `replace()` it at run time without a restart.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** What the origin rules read of a request (the edge resolves protocol and host through trusted proxies). */
export interface OriginFacts {
  headers: IncomingHttpHeaders;
  protocol: string;
  host: string;
}

export interface OriginPolicy {
  /** An allowed foreign origin (the gateway's own origin is always allowed; see `isSameOrigin`). */
  isAllowed(origin: string): boolean;
  replace(origins: readonly string[]): void;
  list(): readonly string[];
}

export function createOriginPolicy(initial: readonly string[]): OriginPolicy {
  let allowed = new Set(initial);
  return {
    isAllowed: (origin) => allowed.has(origin),
    replace(origins) {
      allowed = new Set(origins);
    },
    list: () => [...allowed],
  };
}

/** The origin the browser used to reach the gateway (honours X-Forwarded-* from trusted proxies). */
export function ownOrigin(request: OriginFacts): string {
  return `${request.protocol}://${request.host}`;
}

/** The request's `Origin`, else the origin of its `Referer`; null when neither is usable. */
export function requestOrigin(request: Pick<OriginFacts, 'headers'>): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== '') return origin === 'null' ? 'null' : normalise(origin);
  const referer = request.headers.referer;
  if (typeof referer === 'string' && referer !== '') return normalise(referer);
  return null;
}

function normalise(value: string): string {
  try {
    return new URL(value).origin;
  } catch {
    return 'null';
  }
}

export function isTrustedOrigin(request: OriginFacts, origin: string, policy: OriginPolicy): boolean {
  if (origin === 'null') return false;
  return origin === ownOrigin(request) || policy.isAllowed(origin);
}
