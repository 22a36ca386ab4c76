/**
 * Starts one service on a set of adapters: applies its migrations, registers its jobs, builds its
 * HTTP app, starts its event consumers and outbox relay, and listens. `stop()` shuts down in the
 * order that loses nothing: stop taking requests (in-flight ones finish), stop consumers, flush the
 * outbox, then close the adapters it owns.
 */
import { allTopics } from '@kora/contracts';
import type { Adapters } from './adapters.js';
import { closeAdapters } from './adapters.js';
import type { ServiceEnv } from './config.js';
import { migrate } from './db/migrate.js';
import { platformTables } from './db/platform-tables.js';
import type { Subscription } from './events/bus.js';
import { startConsumer } from './events/consumer.js';
import { writeToOutbox, type NewEvent } from './events/outbox.js';
import { OutboxRelay } from './events/relay.js';
import { kafkaSecurity } from './events/kafka-security.js';
import { watchServiceMetrics } from './metrics/service-metrics.js';
import { watchSiteSettings } from './site-settings-view.js';
import { buildServiceApp } from './http/build-app.js';
import { createServiceClient, serviceUrlFromEnv } from './http/service-client.js';
import type { EventType, ServiceName } from '@kora/contracts';
import type { Logger } from 'pino';
import type { ServiceApp, ServiceContext, ServiceDefinition } from './service.js';
import { waitUntilReady } from './startup-wait.js';

export interface StartOptions {
  env: ServiceEnv;
  log: Logger;
  adapters: Adapters;
  /** False in embedded mode, where the launcher owns and closes the shared adapters. */
  ownsAdapters: boolean;
  /** Skip listening (tests use `app.inject()`). */
  listen?: boolean;
  /** Where sibling services are; defaults to the `<NAME>_URL` environment variables. */
  resolveService?: (name: ServiceName) => string | undefined;
}

export interface RunningService {
  definition: ServiceDefinition;
  app: ServiceApp;
  ctx: ServiceContext;
  relay: OutboxRelay;
  /** Base URL when listening. */
  url: string | null;
  stop(): Promise<void>;
}

export async function startService(definition: ServiceDefinition, options: StartOptions): Promise<RunningService> {
  const { env, log, adapters } = options;
  const { database, bus, jobs, store } = adapters;
  const applied = await migrate(database, definition.schema, definition.migrations);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');

  const tables = platformTables(definition.schema);
  // The broker may still be starting (or slow to elect leaders) when this process starts.
  await waitUntilReady('event bus', () => bus.ensureTopics(allTopics()), log, { timeoutMs: env.STARTUP_WAIT_MS });
  const siteSettings = await watchSiteSettings(bus, log, definition.name);
  const relay = new OutboxRelay({ database, schema: definition.schema, bus, log, pollMs: env.OUTBOX_POLL_MS });

  const ctx: ServiceContext = {
    name: definition.name,
    schema: definition.schema,
    env,
    log,
    db: database.db,
    tables,
    bus,
    jobs,
    store,
    siteSettings,
    callService: createServiceClient({
      self: definition.name,
      secret: env.INTERNAL_SECRET,
      resolve: options.resolveService ?? ((name) => serviceUrlFromEnv(name)),
    }),
    async transact(fn) {
      const events: NewEvent<EventType>[] = [];
      const result = await database.db.transaction(async (tx) => {
        const value = await fn(tx, (event) => void events.push(event));
        await writeToOutbox(tx, tables, events);
        return value;
      });
      if (events.length > 0) relay.nudge();
      return result;
    },
  };

  definition.jobs?.(ctx);

  const app = await buildServiceApp(definition, ctx, {
    database: () => database.ping(),
    events: () => bus.ping(),
    store: () => store.ping(),
    jobs: () => jobs.ping(),
  });

  const subscriptions: Subscription[] = [];
  const groups: string[] = [];
  for (const consumer of definition.consumers?.(ctx) ?? []) {
    const group = consumerGroupName(definition, consumer.name);
    groups.push(group);
    subscriptions.push(
      await startConsumer({
        group,
        handlers: consumer.handlers,
        needed: consumer.needed,
        gatherMs: consumer.gatherMs,
        db: database.db,
        tables,
        bus,
        log,
        onEventsWritten: () => relay.nudge(),
      }),
    );
  }
  relay.start();
  const metrics = watchServiceMetrics({
    service: definition.name,
    schema: definition.schema,
    database,
    jobs,
    pendingOutbox: () => relay.pendingCount(),
    kafka:
      bus.kind === 'kafka'
        ? { brokers: env.KAFKA_BROKERS ?? [], security: kafkaSecurity(env), groups: groups.map((group) => env.KAFKA_TOPIC_PREFIX + group) }
        : undefined,
  });
  if (options.ownsAdapters) await jobs.start();
  await definition.start?.(ctx);

  let url: string | null = null;
  if (options.listen !== false) {
    url = await app.listen({ host: env.HOST, port: env.PORT });
  }

  let stopping: Promise<void> | null = null;
  return {
    definition,
    app,
    ctx,
    relay,
    url,
    stop() {
      stopping ??= (async () => {
        await app.close();
        await metrics.stop();
        await Promise.allSettled([...subscriptions, siteSettings].map((s) => s.stop()));
        await relay.stop();
        if (options.ownsAdapters) await closeAdapters(adapters);
      })();
      return stopping;
    },
  };
}

/**
 * `<service>.<name>`: every replica of a service shares the group, so each event is handled once
 * per service. A copy of a service running on its own schema (each test run gets one) keeps its
 * own projections, so it needs every event too: its group carries the schema.
 */
export function consumerGroupName(definition: Pick<ServiceDefinition, 'name' | 'schema'>, consumer: string): string {
  const group = `${definition.name}.${consumer}`;
  return definition.schema === definition.name.replaceAll('-', '_') ? group : `${group}.${definition.schema}`;
}
