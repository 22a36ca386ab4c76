/**
 * Builds the gateway: the one public origin of Kora. Not listening, so tests can `listen({ port: 0 })`;
 * `server.ts` does the listening.
 *
 * Every request enters through the edge server (edge-server.ts) on Node's own request event: its
 * id, CORS, the edge checks (CSRF, rate limit, token and session, switched-off features), then the
 * proxy, the WebSocket relay, or, for the gateway's own routes (health, docs), Fastify. Fastify owns
 * the server's life: it creates it (through `serverFactory`), listens, and closes it with its hooks.
 */
import { loadLanguage, OFFERED_LANGUAGES } from '@kora/contracts';
import { createAccessLog, requestLoggingOptions, type KeyValueStore, type Logger, type SiteSettingsView } from '@kora/platform';
import { requestRecorder } from '@kora/platform/metrics';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createClientAddress } from './client-address.js';
import type { GatewayEnv, Upstreams } from './config.js';
import { installDocs } from './docs.js';
import { answerClientError } from './client-errors.js';
import { createEdgeChecks } from './edge-checks.js';
import { edgeRequestOf, requestIdFor } from './edge-request.js';
import { createEdgeServer } from './edge-server.js';
import { installGatewayHealth } from './health.js';
import { createInstances } from './instances.js';
import { createOriginPolicy } from './origins.js';
import { installOwnRouteBasics } from './own-routes.js';
import { createProxy } from './proxy.js';
import { requestMetrics } from './request-metrics.js';
import { watchRevokedSessions } from './revoked-sessions.js';
import { installSiteInfo } from './site-info.js';
import { watchEdgeSiteSettings } from './site-settings.js';
import { createUpstreamClient } from './upstream-client.js';
import { createWebSocketProxy } from './websocket.js';

export type { GatewayEnv, Upstreams } from './config.js';

export interface GatewayOptions {
  /** Parsed configuration (`gatewayEnvSchema`). */
  env: GatewayEnv;
  /** Base URL (origin) of every service and of the web app. */
  upstreams: Upstreams;
  /** Every notifications instance (NOTIFICATIONS_URL's list, decision 049); default: `upstreams.notifications` alone. */
  notificationsInstances?: readonly string[];
  /** Rate-limit counters and revoked-session flags; shared by every replica (Redis) or in memory. */
  store: KeyValueStore;
  log: Logger;
  /** Live admin site settings (CORS origins, feature switches) from the event bus. */
  siteSettings: SiteSettingsView;
  /** The clock rate-limit windows are counted on (Date.now); tests hold it still so no window ends mid-test. */
  now?: () => number;
}

// Header parsing gets far less time than the whole request: a client dribbling headers (slowloris)
// is cut off quickly, while a slow upload still has REQUEST_TIMEOUT_MS to finish.
const HEADERS_TIMEOUT_MS = 20_000;
// Longer than the usual 60 s idle timeout of load balancers in front, so the gateway never closes a
// kept-alive connection the balancer is about to reuse.
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

function createNodeServer(env: GatewayEnv, listener: RequestListener) {
  const server = createServer(
    {
      headersTimeout: Math.min(HEADERS_TIMEOUT_MS, env.REQUEST_TIMEOUT_MS),
      requestTimeout: env.REQUEST_TIMEOUT_MS,
      // Node enforces the two limits above on this sweep (30 s by default), which would let a slow
      // client hold a socket for that much longer than the limit.
      connectionsCheckingInterval: 5_000,
    },
    listener,
  );
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Socket idle limit: longer than an upstream may take to answer, so a slow service yields a 504
  // from the proxy rather than a dropped connection.
  server.setTimeout(env.UPSTREAM_TIMEOUT_MS + 10_000);
  return server;
}

export async function buildGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const { env, upstreams, store, log, siteSettings } = options;
  // The gateway's own refusals are written in the language a request asks for: every catalog, once.
  await Promise.all(OFFERED_LANGUAGES.map((language) => loadLanguage(language)));

  // Set below, once everything the edge needs exists; no request arrives before `listen`.
  let onRequest: RequestListener = () => {};
  let ownRoutes: (req: IncomingMessage, res: ServerResponse) => void = () => {};
  // Typed as Fastify's own logger, so the instance keeps Fastify's default types for the route plugins.
  const loggerInstance: FastifyBaseLogger = log;
  const app = Fastify({
    loggerInstance,
    genReqId: (req) => edgeRequestOf(req)?.id ?? requestIdFor(req.headers),
    ...requestLoggingOptions({ bindTraceId: true }),
    trustProxy: env.TRUST_PROXY,
    clientErrorHandler: answerClientError,
    serverFactory: (fastifyHandler) => {
      ownRoutes = fastifyHandler;
      return createNodeServer(env, (req, res) => onRequest(req, res));
    },
  });

  const originPolicy = createOriginPolicy(env.CORS_ORIGINS);
  const client = createUpstreamClient(env.UPSTREAM_CONNECT_TIMEOUT_MS);
  await installOwnRouteBasics(app);
  installGatewayHealth(app, { store, upstreams, client });
  await installDocs(app, { upstreams, client });
  installSiteInfo(app, siteSettings);

  const revokedSessions = await watchRevokedSessions(store, log);
  const settings = watchEdgeSiteSettings({ view: siteSettings, originPolicy, envOrigins: env.CORS_ORIGINS });
  const checks = createEdgeChecks({
    accessTokenSecret: env.ACCESS_TOKEN_SECRET,
    internalSecret: env.INTERNAL_SECRET,
    store,
    revokedSessions,
    originPolicy,
    limits: {
      perMinute: env.RATE_LIMIT_PER_MINUTE,
      addressPerMinute: env.ADDRESS_RATE_LIMIT_PER_MINUTE,
      authPerMinute: env.AUTH_RATE_LIMIT_PER_MINUTE,
      authAddressPerMinute: env.AUTH_ADDRESS_RATE_LIMIT_PER_MINUTE,
      signUpAddressesPerHour: env.SIGNUP_ADDRESSES_PER_HOUR,
      representativesPerHour: env.REPRESENTATIVE_RATE_LIMIT_PER_HOUR,
      paymentsPerMinute: env.PAYMENT_RATE_LIMIT_PER_MINUTE,
    },
    featureRefusal: settings.featureRefusal,
    log,
    now: options.now,
  });
  const timeouts = { timeoutMs: env.UPSTREAM_TIMEOUT_MS, connectTimeoutMs: env.UPSTREAM_CONNECT_TIMEOUT_MS };
  const notifications = createInstances(options.notificationsInstances ?? [upstreams.notifications]);
  const proxy = createProxy({
    upstreams,
    notifications,
    log,
    ...timeouts,
    onEndedSessions: (sessionIds) => sessionIds.forEach((sessionId) => revokedSessions.add(sessionId)),
  });
  const websocket = createWebSocketProxy({ instances: notifications, log, ...timeouts });
  const edge = createEdgeServer({
    address: createClientAddress(env.TRUST_PROXY),
    originPolicy,
    checks,
    proxy,
    websocket,
    ownRoutes,
    log,
    accessLog: createAccessLog(log),
    measure: requestMetrics(requestRecorder('gateway')),
    mediaOrigins: env.MEDIA_ORIGINS,
  });
  onRequest = edge.onRequest;
  app.server.on('upgrade', edge.onUpgrade);

  app.addHook('preClose', (done) => {
    edge.startClosing();
    // Upgraded sockets are outside Node's HTTP bookkeeping: closing the server would wait for them.
    websocket.closeAll();
    done();
  });
  app.addHook('onClose', async () => {
    await Promise.all([proxy.close(), checks.stop(), revokedSessions.stop(), client.close()]);
  });

  await app.ready();
  return app;
}
