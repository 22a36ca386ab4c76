/**
 * Gateway scenario: what the edge costs. The same service route (`GET /api/auth/session`, which
 * only reads the verified identity) is loaded directly on the service and through the gateway
 * (JWT verification, identity signing, rate limit, proxy hop), plus the gateway's own /healthz.
 */
import { signAccessToken } from '@kora/platform/access-token';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { runLoad, type LoadResult } from './load.js';

export interface GatewayBenchTarget {
  gatewayUrl: string;
  authUrl: string;
  secrets: { INTERNAL_SECRET: string; ACCESS_TOKEN_SECRET: string };
  durationMs: number;
}

export async function benchGateway(target: GatewayBenchTarget): Promise<LoadResult[]> {
  const identity = { userId: 42, role: 'user' as const, sessionId: 'bench' };
  const token = await signAccessToken(identity, target.secrets.ACCESS_TOKEN_SECRET, 3600);
  const results: LoadResult[] = [];
  // Warm-up: JIT, connection pools, tsx compilation of lazily loaded modules.
  await runLoad({ name: 'warm-up', url: target.gatewayUrl, path: '/api/auth/session', headers: { authorization: `Bearer ${token}` }, durationMs: 2_000 });
  results.push(await runLoad({ name: 'gateway /healthz (edge only)', url: target.gatewayUrl, path: '/healthz', durationMs: target.durationMs }));
  results.push(
    await runLoad({
      name: 'service direct /api/auth/session',
      url: target.authUrl,
      path: '/api/auth/session',
      // A fresh assertion per run: it is valid for 60 s, longer than one scenario.
      headers: { [IDENTITY_HEADER]: signIdentity(identity, target.secrets.INTERNAL_SECRET) },
      durationMs: target.durationMs,
    }),
  );
  results.push(
    await runLoad({
      name: 'through gateway /api/auth/session',
      url: target.gatewayUrl,
      path: '/api/auth/session',
      headers: { authorization: `Bearer ${token}` },
      durationMs: target.durationMs,
    }),
  );
  return results;
}
