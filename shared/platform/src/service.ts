/**
 * What a service is made of, and the context its routes, consumers and jobs receive. A service
 * module exports a `ServiceDefinition`; the same definition runs as its own process (distributed) or
 * beside the others in one process (embedded).
 */
import type { ServiceName } from '@kora/contracts';
import type { FastifyInstance, FastifyBaseLogger, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { KeyValueStore } from './cache/store.js';
import type { ServiceEnv } from './config.js';
import type { Db, Tx } from './db/database.js';
import type { Migration } from './db/migrate.js';
import type { PlatformTables } from './db/platform-tables.js';
import type { EventBus } from './events/bus.js';
import type { HandlerMap, NeededCheck } from './events/consumer.js';
import type { Emit } from './events/outbox.js';
import type { JobRunner } from './jobs/jobs.js';
import type { SiteSettingsView } from './site-settings-view.js';
import type { CallService } from './http/service-client.js';

export type ServiceApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

// Lives with NewEvent so that events/consumer.ts need not import this module (no import cycle).
export type { Emit };

export interface ServiceContext {
  name: ServiceName;
  /** The Postgres schema this instance owns (tests give each run its own). */
  schema: string;
  env: ServiceEnv;
  log: Logger;
  db: Db;
  tables: PlatformTables;
  bus: EventBus;
  jobs: JobRunner;
  store: KeyValueStore;
  /** Current site settings (limits, feature flags, bad words...), kept up to date from events. */
  siteSettings: SiteSettingsView;
  /** Calls a sibling service's internal API (signed, traced, with a timeout). */
  callService: CallService;
  /**
   * Runs `fn` in one database transaction; events passed to `emit` are written to the outbox in
   * that same transaction and published right after it commits.
   */
  transact<T>(fn: (tx: Tx, emit: Emit) => Promise<T>): Promise<T>;
}

export interface ConsumerDefinition {
  /** Suffix of the consumer group: `<service>.<name>`. */
  name: string;
  handlers: HandlerMap;
  /** Asked on the pool before an event's transaction: see ConsumerOptions.needed. */
  needed?: NeededCheck;
  /** For a group that needs no haste: see ConsumerOptions.gatherMs. */
  gatherMs?: number;
}

export interface ServiceDefinition {
  name: ServiceName;
  /** One-line description for the API docs. */
  description: string;
  /** Postgres schema the service owns (underscores, e.g. `stories_reels`). */
  schema: string;
  migrations: Migration[];
  routes(app: ServiceApp, ctx: ServiceContext): Promise<void> | void;
  /** Event subscriptions, listed in one place per service. */
  consumers?(ctx: ServiceContext): ConsumerDefinition[];
  /** Registers job processors (and declares queues the service feeds). */
  jobs?(ctx: ServiceContext): void;
  /**
   * Runs once per start, after the consumers and the outbox relay are running and before the
   * service takes requests (admin re-announces the site settings its database holds, say).
   */
  start?(ctx: ServiceContext): Promise<void>;
}

/**
 * One `create(ctx)` per service start. The runtime calls a definition's `jobs`, `routes` and
 * `consumers` separately with the same context; this lets them share the service's instance
 * (its queues, caches, hubs) without a module-level singleton, so two starts in one process
 * (tests, the embedded product) never share state.
 */
export function perContext<T>(create: (ctx: ServiceContext) => T): (ctx: ServiceContext) => T {
  const made = new WeakMap<ServiceContext, T>();
  return (ctx) => {
    let value = made.get(ctx);
    if (value === undefined) made.set(ctx, (value = create(ctx)));
    return value;
  };
}
