/**
 * The product's event backlog: what the services have still to do in reaction to what was sent.
 * Two places hold it: each running Kafka consumer group's lag (platform kafka-backlog.ts), and
 * each schema's outbox rows not yet published by its relay (published, they become lag).
 *
 * The bench measures nothing while there is any: a fresh seed leaves tens of thousands of events
 * (notifications for every like and comment, projections) that the services work off for minutes,
 * on the same two cores as the scenario being measured (docs/performance.md).
 */
import { kafkaBacklogProbe, openPostgres, rowsOf, type GroupBacklog } from '@kora/platform';
import { sql } from 'drizzle-orm';
import { isLiveFeedGroup } from '../../services/notifications/src/live/feed.js';

export interface Backlog {
  groups: GroupBacklog[];
  /** Unpublished outbox rows by schema, only the schemas that have some. */
  outbox: Record<string, number>;
}

export interface BacklogProbe {
  read(): Promise<Backlog>;
  close(): Promise<void>;
}

/** The product's servers: only its own consumer groups count when it shares the broker under a topic prefix. */
export async function openBacklogProbe(servers: {
  KAFKA_BROKERS: string;
  DATABASE_URL: string;
  KAFKA_TOPIC_PREFIX?: string;
}): Promise<BacklogProbe> {
  const kafka = await kafkaBacklogProbe({
    brokers: servers.KAFKA_BROKERS.split(','),
    groupPrefix: servers.KAFKA_TOPIC_PREFIX ?? '',
    startsAtEnd: isLiveFeedGroup,
  });
  const database = openPostgres(servers.DATABASE_URL, 1);
  const outbox = async () => {
    const schemas = rowsOf<{ schema: string }>(
      await database.db.execute(sql`select table_schema as schema from information_schema.tables where table_name = 'outbox'`),
    ).map((r) => r.schema);
    const pending: Record<string, number> = {};
    for (const schema of schemas) {
      const result = await database.db.execute(sql.raw(`select count(*) as n from "${schema}".outbox where published_at is null`));
      const n = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
      if (n > 0) pending[schema] = n;
    }
    return pending;
  };
  return {
    // Lag first, outbox second: a row still in an outbox when the lag was read shows up in the
    // second reading (untilSettled asks for several clean readings in a row).
    read: async () => {
      const groups = await kafka.read();
      return { groups, outbox: await outbox() };
    },
    close: async () => {
      await Promise.allSettled([kafka.close(), database.close()]);
    },
  };
}

export function isSettled(backlog: Backlog): boolean {
  return backlog.groups.every((g) => g.state === 'Stable' && g.lag === 0) && Object.keys(backlog.outbox).length === 0;
}

/** `notifications.writer 1,234, posts outbox 5`: what is left, or `none`. */
export function describeBacklog(backlog: Backlog): string {
  const parts = [
    ...backlog.groups
      .filter((g) => g.lag > 0 || g.state !== 'Stable')
      .map((g) => `${g.group} ${g.state === 'Stable' ? g.lag.toLocaleString('en') : g.state}`),
    ...Object.entries(backlog.outbox).map(([schema, n]) => `${schema} outbox ${n.toLocaleString('en')}`),
  ];
  return parts.length ? parts.join(', ') : 'none';
}

/** Total messages and rows waiting, for the figures. */
export function backlogSize(backlog: Backlog): number {
  return backlog.groups.reduce((n, g) => n + g.lag, 0) + Object.values(backlog.outbox).reduce((n, x) => n + x, 0);
}

const QUIET_READINGS = 3;
const INTERVAL_MS = 500;

/**
 * Resolves once `QUIET_READINGS` readings in a row, `INTERVAL_MS` apart, find no backlog (one
 * clean reading can fall between a consumer committing and the event it emitted being published);
 * fails with what is left after `timeoutMs`. Answers how long it waited. A reading that fails (a
 * partition whose leader is still being elected just after the services created their topics)
 * counts as not settled, and the next one is taken.
 */
export async function untilSettled(probe: BacklogProbe, timeoutMs: number, onProgress?: (backlog: Backlog) => void): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  let last: Backlog | undefined;
  let failed: unknown;
  let lastReport = 0;
  for (;;) {
    try {
      last = await probe.read();
      failed = undefined;
    } catch (error) {
      failed = error;
    }
    quiet = !failed && last && isSettled(last) ? quiet + 1 : 0;
    if (quiet >= QUIET_READINGS) return performance.now() - started;
    if (performance.now() - started > timeoutMs) {
      const left = failed ? `the backlog could not be read (${(failed as Error).message})` : last ? describeBacklog(last) : 'unknown';
      throw new Error(`the services still had a backlog after ${Math.round(timeoutMs / 1000)} s: ${left}`);
    }
    if (last && !failed && !isSettled(last) && onProgress && performance.now() - lastReport > 10_000) {
      lastReport = performance.now();
      onProgress(last);
    }
    await new Promise((resolve) => setTimeout(resolve, INTERVAL_MS));
  }
}
