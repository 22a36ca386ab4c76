/**
 * Runs the gateway as a process: parse the environment (exit 78, EX_CONFIG, listing every bad
 * variable), open the store, listen (and serve the metrics on METRICS_PORT), and on SIGTERM/SIGINT
 * stop taking connections, let in-flight requests finish within SHUTDOWN_GRACE_MS, then close the store.
 */
import {
  ConfigError,
  createLogger,
  KafkaEventBus,
  kafkaSecurity,
  loadConfig,
  MemoryEventBus,
  MemoryStore,
  RedisStore,
  startTracing,
  watchSiteSettings,
  type EventBus,
  type KeyValueStore,
} from '@kora/platform';
import { serveMetrics } from '@kora/platform/metrics';
import closeWithGrace from 'close-with-grace';
import { buildGateway } from './app.js';
import { gatewayEnvSchema, upstreamsFromEnv, type GatewayEnv } from './config.js';

function parseEnv(): GatewayEnv {
  try {
    return loadConfig(gatewayEnvSchema);
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78);
    }
    throw err;
  }
}

const env = parseEnv();
const log = createLogger('gateway', env.LOG_LEVEL);
// Before anything takes a request: OTLP traces when OTEL_EXPORTER_OTLP_ENDPOINT is set (decision 053).
const stopTracing = await startTracing('gateway');
// The schema guarantees REDIS_URL when CACHE_STORE=redis.
const store: KeyValueStore = env.CACHE_STORE === 'redis' ? new RedisStore(env.REDIS_URL!, `${env.REDIS_KEY_PREFIX}:`) : new MemoryStore();

// A gateway on its own (EVENT_BUS=memory) just keeps the default site settings.
const bus: EventBus =
  env.EVENT_BUS === 'kafka'
    ? new KafkaEventBus({
        brokers: env.KAFKA_BROKERS!,
        clientId: 'kora-gateway',
        log,
        topicPrefix: env.KAFKA_TOPIC_PREFIX,
        security: kafkaSecurity(env),
      })
    : new MemoryEventBus(log);
const siteSettings = await watchSiteSettings(bus, log, 'gateway');

const app = await buildGateway({
  env,
  upstreams: upstreamsFromEnv(env),
  notificationsInstances: env.NOTIFICATIONS_URL,
  store,
  log,
  siteSettings,
});
const url = await app.listen({ host: env.HOST, port: env.PORT });
// On a port of its own, never the public one (decision 052).
const metrics = await serveMetrics({ host: env.HOST, port: env.METRICS_PORT });
log.info({ url, metrics: metrics.url, store: store.kind }, 'gateway listening');

closeWithGrace({ delay: env.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'shutting down after an error');
  else log.info({ signal }, 'shutting down');
  await app.close();
  await siteSettings.stop();
  await bus.close();
  await store.close();
  await stopTracing();
  await metrics.close();
});
