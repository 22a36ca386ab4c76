/**
 * EMBEDDED mode: the gateway, all ten services and the web app in ONE Node process, on PGlite
 * (data under DATA_DIR, default ./data), the in-process event bus and job runner and a memory
 * store. A newcomer needs nothing but Node. The services still talk HTTP to the gateway on loopback
 * ports, so the code paths are the same as in distributed mode.
 *
 * `startEmbedded()` is also used by the test harness to run the API and browser suites against this
 * mode.
 */
import { serviceNames, type ServiceName } from '@kora/contracts';
import {
  MemoryEventBus,
  MemoryJobRunner,
  MemoryStore,
  createLogger,
  embeddedSyncSetting,
  loadConfig,
  openPgliteClient,
  pgliteDatabase,
  serviceEnvSchema,
  startService,
  watchSiteSettings,
  type Adapters,
  type RunningService,
  type ServiceDefinition,
} from '@kora/platform';
import { createAuthService } from '@kora/auth';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { buildGateway } from '../../gateway/src/app.js';
import { gatewayEnvSchema } from '../../gateway/src/config.js';
import { createWebServer } from '../../web/server/app.js';
import { serviceDefinitions } from './definitions.js';
import { publicUrlFor } from '../lib/public-url.mjs';
import { localSecrets } from '../lib/secrets.mjs';
import { leftByKilledProcess, markDataDirInUse } from '../lib/backup-in-use.mjs';
import { republishKeptOutbox } from './outbox-replay.js';

export interface EmbeddedOptions {
  port: number;
  host?: string;
  dataDir: string;
  logLevel?: string;
  /** Where the product's log lines go (appended); stdout when not given. */
  logFile?: string;
  /**
   * More gateways in front of the same services, on ports of their own, each with its own settings
   * over the first's (the tests' low member limit); their addresses are in `gateways`.
   */
  extraGateways?: Record<string, Record<string, string>>;
}

export interface EmbeddedProduct {
  url: string;
  /** The extra gateways' addresses, by name. */
  gateways: Record<string, string>;
  services: Record<ServiceName, RunningService>;
  /** Stops one service, as an outage would (tests). */
  stopProcess(name: ServiceName): Promise<void>;
  /** Starts a stopped service again on its old port. */
  startProcess(name: ServiceName): Promise<void>;
  stop(): Promise<void>;
}

export async function startEmbedded(options: EmbeddedOptions): Promise<EmbeddedProduct> {
  const dataDir = path.resolve(options.dataDir);
  const secrets = localSecrets(dataDir);
  // Services that read their own extra settings (auth's token secret) find them in the environment.
  Object.assign(process.env, secrets);
  // Stored uploads live beside the embedded database, in the same data folder.
  process.env.MEDIA_DIR ??= path.join(dataDir, 'media');
  const logLevel = options.logLevel ?? process.env.LOG_LEVEL ?? 'info';
  const logTo = options.logFile ?? 1;
  const baseLog = createLogger('kora', logLevel, logTo);

  // Read first: a bad value stops the start before the folder is marked in use.
  const sync = embeddedSyncSetting();
  const crashed = leftByKilledProcess(dataDir);
  // Tells `npm run backup`/`restore` that a live process holds this folder.
  const releaseDataDir = markDataDirInUse(dataDir);
  const pglite = await openPgliteClient(path.join(dataDir, 'pglite'), undefined, sync);
  if (sync === 'off') baseLog.warn('EMBEDDED_SYNC=off: a power cut can lose the last acknowledged writes (decision 055)');
  if (crashed) {
    // Events the in-process bus held when the process died are published again (outbox-replay.ts).
    const rows = await republishKeptOutbox(pglite);
    baseLog.warn({ rows }, 'the last run did not stop cleanly: republishing the kept outbox rows');
  }
  // Kept from the first service's start until the last has subscribed (memory-bus.ts).
  const bus = new MemoryEventBus(baseLog, { keepStartupLog: true });
  const adapters: Adapters = {
    database: pgliteDatabase(pglite),
    bus,
    jobs: new MemoryJobRunner(baseLog),
    store: new MemoryStore(),
  };
  const env = loadConfig(serviceEnvSchema, {
    ...process.env,
    ...secrets,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: logLevel,
    DB_DRIVER: 'pglite',
    EVENT_BUS: 'memory',
    JOB_RUNNER: 'memory',
    CACHE_STORE: 'memory',
  });

  let gatewayPort = options.port;
  // Links in mails lead to this product, on the port it is served on (PUBLIC_URL wins when set).
  const definitions: Record<ServiceName, ServiceDefinition> = options.port
    ? { ...serviceDefinitions, auth: createAuthService({ env: { ...process.env, PUBLIC_URL: publicUrlFor(options.port) } }) }
    : serviceDefinitions;
  const services = {} as Record<ServiceName, RunningService>;
  const resolveService = (name: ServiceName) => services[name]?.url ?? undefined;
  // PGlite is one connection: start services one after another so migrations do not interleave.
  for (const name of serviceNames) {
    const log = createLogger(name, logLevel, logTo);
    services[name] = await startService(definitions[name], { env, log, adapters, ownsAdapters: false, resolveService });
  }
  bus.startupOver();
  await adapters.jobs.start();

  // The web app checks the gateway's identity header with the same secret and calls the gateway
  // back for data; the gateway's port is known only later, so pass a function read on first use.
  const web = await createWebServer({
    env: () => ({ INTERNAL_SECRET: secrets.INTERNAL_SECRET, GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` }),
  });
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const webUrl = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;

  const upstreams = {
    ...(Object.fromEntries(serviceNames.map((n) => [n, services[n].url!])) as Record<ServiceName, string>),
    web: webUrl,
  };
  const gatewaySettingsFrom = (settings: Record<string, string>) => ({
    ...process.env,
    ...secrets,
    HOST: options.host ?? process.env.HOST ?? '0.0.0.0',
    PORT: String(options.port),
    LOG_LEVEL: logLevel,
    CACHE_STORE: 'memory',
    EVENT_BUS: 'memory',
    // The web app, in this process, calls the gateway back over loopback on the member's behalf
    // (X-Forwarded-For): loopback is the one proxy trusted unless TRUST_PROXY says more (decision 032).
    TRUST_PROXY: process.env.TRUST_PROXY || 'loopback',
    ...Object.fromEntries(Object.entries(upstreams).map(([name, url]) => [`${name.toUpperCase().replace('-', '_')}_URL`, url])),
    ...settings,
  });
  const gatewayEnv = loadConfig(gatewayEnvSchema, gatewaySettingsFrom({}));
  const gatewayLog = createLogger('gateway', logLevel, logTo);
  const gatewaySettings = await watchSiteSettings(adapters.bus, gatewayLog, 'gateway');
  const gateway = await buildGateway({ env: gatewayEnv, upstreams, store: adapters.store, log: gatewayLog, siteSettings: gatewaySettings });
  await gateway.listen({ host: gatewayEnv.HOST, port: gatewayEnv.PORT });
  const port = (gateway.server.address() as AddressInfo).port;
  gatewayPort = port;
  const extraGateways: Awaited<ReturnType<typeof buildGateway>>[] = [];
  const gateways: Record<string, string> = {};
  for (const [name, settings] of Object.entries(options.extraGateways ?? {})) {
    const extraEnv = loadConfig(gatewayEnvSchema, gatewaySettingsFrom({ ...settings, PORT: '0' }));
    const log = createLogger(name, logLevel, logTo);
    const extra = await buildGateway({ env: extraEnv, upstreams, store: adapters.store, log, siteSettings: gatewaySettings });
    await extra.listen({ host: extraEnv.HOST, port: 0 });
    extraGateways.push(extra);
    gateways[name] = `http://127.0.0.1:${(extra.server.address() as AddressInfo).port}`;
  }

  let stopping: Promise<void> | null = null;
  return {
    url: `http://localhost:${port}`,
    gateways,
    services,
    stopProcess: (name) => services[name].stop(),
    async startProcess(name) {
      const oldPort = new URL(services[name].url!).port;
      const log = createLogger(name, logLevel, logTo);
      services[name] = await startService(definitions[name], {
        env: { ...env, PORT: Number(oldPort) },
        log,
        adapters,
        ownsAdapters: false,
        resolveService,
      });
    },
    stop() {
      stopping ??= (async () => {
        await gateway.close();
        for (const extra of extraGateways) await extra.close();
        await gatewaySettings.stop();
        await new Promise<void>((resolve) => web.close(() => resolve()));
        for (const name of [...serviceNames].reverse()) await services[name].stop();
        await adapters.jobs.close();
        await adapters.bus.close();
        await adapters.store.close();
        await pglite.close();
        releaseDataDir();
      })();
      return stopping;
    },
  };
}
