/**
 * Who the client is and how it reached us, through the proxies we trust (TRUST_PROXY): its address
 * (the per-client rate limit and `x-forwarded-for` to the services), and the protocol and host it
 * used (our own origin, for the CSRF check). Only a trusted hop may speak for the client through
 * `X-Forwarded-*`; anything else a client writes there is ignored.
 *
 * The same rules as Fastify's `trustProxy` (proxy-addr, the last entry of a repeated header), so the
 * gateway's own routes, which Fastify serves, and the proxied ones agree on who called.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from 'proxy-addr';

/** TRUST_PROXY as parsed by config.ts: false (none), or the trusted proxies' addresses and CIDRs. */
export type TrustProxy = false | string;

export interface ClientAddress {
  ip(req: IncomingMessage): string;
  protocol(req: IncomingMessage): string;
  host(req: IncomingMessage): string;
}

/** The last value of a header a chain of proxies each appended to. */
function lastEntry(value: string): string {
  const comma = value.lastIndexOf(',');
  return comma === -1 ? value.trim() : value.slice(comma + 1).trim();
}

function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  return proxyAddr.compile(trust.split(',').map((entry) => entry.trim()));
}

export function createClientAddress(trust: TrustProxy): ClientAddress {
  const trusted = trustFunction(trust);
  const viaTrustedHop = (req: IncomingMessage) => trust !== false && trusted(req.socket.remoteAddress ?? '', 0);
  return {
    ip(req) {
      if (trust === false || req.headers['x-forwarded-for'] === undefined) return req.socket.remoteAddress ?? '';
      const chain = proxyAddr.all(req, trusted);
      return chain[chain.length - 1] ?? '';
    },
    protocol(req) {
      const forwarded = req.headers['x-forwarded-proto'];
      if (typeof forwarded === 'string' && forwarded !== '' && viaTrustedHop(req)) return lastEntry(forwarded);
      return (req.socket as TLSSocket).encrypted ? 'https' : 'http';
    },
    host(req) {
      const forwarded = req.headers['x-forwarded-host'];
      if (typeof forwarded === 'string' && forwarded !== '' && viaTrustedHop(req)) return lastEntry(forwarded);
      return req.headers.host ?? '';
    },
  };
}
