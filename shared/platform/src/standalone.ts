/**
 * Entry point for a service running as its own process (distributed mode, one Deployment each on
 * Kubernetes). Parses the environment once, fails fast with every bad variable listed, and shuts
 * down gracefully on SIGTERM/SIGINT within SHUTDOWN_GRACE_MS.
 */
import closeWithGrace from 'close-with-grace';
import { createAdapters } from './adapters.js';
import { ConfigError, loadConfig, requireServers, serviceEnvSchema } from './config.js';
import { migrate } from './db/migrate.js';
import { waitUntilReady } from './startup-wait.js';
import { createLogger } from './logger.js';
import { startService } from './runtime.js';
import { startTracing } from './tracing/start.js';
import type { ServiceDefinition } from './service.js';

function parseEnv() {
  try {
    return loadConfig(requireServers(serviceEnvSchema));
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw err;
  }
}

export async function runStandalone(definition: ServiceDefinition): Promise<void> {
  const env = parseEnv();
  const log = createLogger(definition.name, env.LOG_LEVEL);
  // Before the database opens and requests arrive: both look for it then (decision 053).
  const stopTracing = await startTracing(definition.name);
  const adapters = await createAdapters(env, log);
  await waitUntilReady('database', () => adapters.database.ping(), log, { timeoutMs: env.STARTUP_WAIT_MS });

  if (process.argv.includes('--migrate-only')) {
    const applied = await migrate(adapters.database, definition.schema, definition.migrations);
    log.info({ applied }, 'migrations done');
    await adapters.database.close();
    return;
  }

  const service = await startService(definition, { env, log, adapters, ownsAdapters: true });
  log.info({ url: service.url }, `${definition.name} service listening`);

  closeWithGrace({ delay: env.SHUTDOWN_GRACE_MS }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an error');
    else log.info({ signal }, 'shutting down');
    await service.stop();
    await stopTracing();
  });
}
