/**
 * Builds the gateway: the one public origin of Kora. Not listening, so tests can drive it with
 * `inject()` or `listen({ port: 0 })`; `server.ts` does the listening.
 *
 * Order matters: hooks run in the order they are added. Request ids come first (every later log
 * line and refusal carries the id), then the security headers (they decorate every answer, refusals
 * included), CORS (so an allowed browser can read a 429 or 403), then the edge checks (CSRF, rate
 * limit, token and session: edge-checks.ts). The gateway's own routes (health, docs, /ws) are exact
 * paths; everything else falls through to the proxy.
 */
import { requestLoggingOptions, type KeyValueStore, type Logger, type SiteSettingsView } from '@kora/platform';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { GatewayEnv, Upstreams } from './config.js';
import { installCompression } from './compression.js';
import { installCors } from './cors.js';
import { installEdgeChecks } from './edge-checks.js';
import { watchRevokedSessions } from './revoked-sessions.js';
import { installDocs } from './docs.js';
import { installErrorHandler } from './errors.js';
import { installGatewayHealth } from './health.js';
import { createOriginPolicy, type OriginPolicy } from './origins.js';
import { installProxy } from './proxy.js';
import { installRequestIds, requestIdFor } from './request-id.js';
import { installSecurityHeaders } from './security-headers.js';
import { installSiteSettings } from './site-settings.js';
import { createUpstreamClient } from './upstream-client.js';
import { installWebSocketProxy } from './websocket.js';

export type { GatewayEnv, Upstreams } from './config.js';

export interface GatewayOptions {
  /** Parsed configuration (`gatewayEnvSchema`). */
  env: GatewayEnv;
  /** Base URL (origin) of every service and of the web app. */
  upstreams: Upstreams;
  /** Rate-limit counters and revoked-session flags; shared by every replica (Redis) or in memory. */
  store: KeyValueStore;
  log: Logger;
  /** Live admin site settings (CORS origins, feature switches) from the event bus. */
  siteSettings: SiteSettingsView;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The trusted foreign origins (CORS + CSRF); `replace()` applies the admin setting live. */
    originPolicy: OriginPolicy;
  }
}

// Header parsing gets far less time than the whole request: a client dribbling headers (slowloris)
// is cut off quickly, while a slow upload still has REQUEST_TIMEOUT_MS to finish.
const HEADERS_TIMEOUT_MS = 20_000;
// Longer than the usual 60 s idle timeout of load balancers in front, so the gateway never closes a
// kept-alive connection the balancer is about to reuse.
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const { env, upstreams, store, log, siteSettings } = options;

  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    genReqId: requestIdFor,
    // One line per request, written by the onResponse hook below with the fields ops need.
    ...requestLoggingOptions({ bindTraceId: true }),
    trustProxy: env.TRUST_PROXY,
    return503OnClosing: true,
    // Socket idle limit: longer than an upstream may take to answer, so a slow service yields a 504
    // from the proxy rather than a dropped connection.
    connectionTimeout: env.UPSTREAM_TIMEOUT_MS + 10_000,
    requestTimeout: env.REQUEST_TIMEOUT_MS,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
      // Node enforces the two limits above on this sweep (30 s by default), which would let a
      // slow client hold a socket for that much longer than the limit.
      connectionsCheckingInterval: 5_000,
    },
  });

  const originPolicy = createOriginPolicy(env.CORS_ORIGINS);
  app.decorate('originPolicy', originPolicy);
  const client = createUpstreamClient(env.UPSTREAM_CONNECT_TIMEOUT_MS);
  app.addHook('onClose', async () => client.close());

  installErrorHandler(app);
  installRequestIds(app);
  installSecurityHeaders(app);
  await installCompression(app);
  installCors(app, originPolicy);
  const revokedSessions = await watchRevokedSessions(store, log);
  app.addHook('onClose', async () => revokedSessions.stop());
  installEdgeChecks(app, {
    accessTokenSecret: env.ACCESS_TOKEN_SECRET,
    internalSecret: env.INTERNAL_SECRET,
    store,
    revokedSessions,
    originPolicy,
    limits: { perMinute: env.RATE_LIMIT_PER_MINUTE, authPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE },
    log,
  });
  installSiteSettings(app, { view: siteSettings, originPolicy, envOrigins: env.CORS_ORIGINS });

  app.addHook('onResponse', (request, reply, done) => {
    const quiet = request.url === '/healthz' || request.url === '/readyz';
    const level = reply.statusCode >= 500 ? 'error' : quiet ? 'debug' : 'info';
    request.log[level](
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request completed',
    );
    done();
  });

  installGatewayHealth(app, { store, upstreams, client });
  await installDocs(app, { upstreams, client });
  const websocket = installWebSocketProxy(app, { env, upstream: upstreams.notifications });
  await installProxy(app, { env, upstreams, isWebSocketUpgrade: websocket.isUpgrade });

  await app.ready();
  return app;
}
