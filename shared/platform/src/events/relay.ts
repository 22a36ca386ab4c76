/**
 * The outbox relay: publishes committed outbox rows to the bus, oldest first, and marks them
 * published. A failed publish (broker down) leaves the rows pending with a growing back-off, so an
 * outage delays events and loses none.
 *
 * One relay at a time per schema publishes (a transaction-scoped advisory lock; the others find it
 * taken and try again at their next poll). Several replicas of a service therefore publish in the
 * outbox's order, so events of one key keep the order their transactions committed in: a like and
 * the unlike right after it, or two changes of one site-settings section, never swap places on
 * the topic. For the same reason rows never overtake an older one waiting out its back-off.
 *
 * Writes in this process nudge the relay at once, so the poll only catches what others wrote (a
 * replica whose pass met the lock, a command such as create-admin): a pass that finds the outbox
 * empty doubles the wait before the next, up to IDLE_STRETCH polls, and any nudge or pending row
 * brings it back to one poll (decision 003). An idle product stops paying a transaction per service
 * twice a second.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { rowsOf, type Database } from '../db/database.js';
import type { BusMessage, EventBus } from './bus.js';

const BATCH = 100;
const KEEP_PUBLISHED_HOURS = 24;
/** The longest wait between idle passes, in polls. */
export const IDLE_STRETCH = 16;

interface PendingRow {
  seq: number;
  topic: string;
  key: string;
  envelope: unknown;
  attempts: number;
}

/** A row of a pass's read: the turn, and a pending row (all null when there is none). */
type PassRow = { mine: boolean; due: boolean | null } & { [K in keyof PendingRow]: PendingRow[K] | null };

export interface RelayOptions {
  database: Database;
  schema: string;
  bus: EventBus;
  log: Logger;
  pollMs: number;
}

/**
 * A pass's two messages (decision 050): BEGIN with the turn and the pending rows, then the rows
 * marked published with COMMIT. The turn is a transaction-scoped advisory lock taken inside the
 * read: a pass that does not get it reads no rows (and locks none). The read's snapshot is older
 * than the lock, so rows another relay published just before it let go still look pending; FOR
 * UPDATE reads each row's newest version and checks it again, so they are skipped, never sent twice.
 * The oldest pending rows come whether due or not: while the head waits out its back-off, the rows
 * behind it wait too, so nothing overtakes it.
 */
function passStatements(schema: string) {
  const lock = `kora.outbox-relay.${schema}`.replaceAll("'", "''");
  return {
    turnAndPending: `select turn.mine, o.seq, o.topic, o.key, o.envelope, o.attempts, o.due
      from (select pg_try_advisory_xact_lock(hashtext('${lock}')) as mine) turn
      left join lateral (
        select seq, topic, key, envelope, attempts, next_attempt_at <= now() as due from ${schema}.outbox
        where turn.mine and published_at is null
        order by seq limit ${BATCH} for update skip locked
      ) o on true`,
    // Whole numbers only (the rows' own sequence numbers), written into the text.
    published: (seqs: number[]) =>
      `update ${schema}.outbox set published_at = now(), attempts = attempts + 1 where seq = any('{${seqs.map((seq) => Math.trunc(seq)).join(',')}}'::bigint[])`,
  };
}

export class OutboxRelay {
  private readonly statements: ReturnType<typeof passStatements>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  private lastPurge = 0;
  /** Whether the last pass found no pending row at all (not merely none due, or the lock taken). */
  private foundEmpty = false;
  private idleWait: number;

  constructor(private readonly options: RelayOptions) {
    this.idleWait = options.pollMs;
    this.statements = passStatements(options.schema);
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Publish now rather than at the next poll: called right after a transaction wrote events. */
  nudge(): void {
    this.idleWait = this.options.pollMs;
    if (!this.stopped) this.schedule(0);
  }

  /** Publishes everything pending now; resolves when the outbox is empty or the bus refuses. */
  async flush(): Promise<number> {
    let total = 0;
    for (;;) {
      const published = await this.publishBatch();
      total += published;
      if (published < BATCH) return total;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
    await this.flush().catch((err) => this.options.log.warn({ err }, 'outbox flush at shutdown failed; rows stay pending'));
  }

  /** Pending row count, for readiness and tests. */
  async pendingCount(): Promise<number> {
    const { database, schema } = this.options;
    const result = await database.db.execute(sql.raw(`select count(*) as n from ${schema}.outbox where published_at is null`));
    return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  }

  private schedule(delay: number): void {
    if (this.running) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delay);
    this.timer.unref?.();
  }

  /** The wait before the next pass: one poll, or longer and longer while the outbox stays empty. */
  private nextWait(): number {
    if (!this.foundEmpty) {
      this.idleWait = this.options.pollMs;
      return this.options.pollMs;
    }
    const wait = this.idleWait;
    this.idleWait = Math.min(wait * 2, this.options.pollMs * IDLE_STRETCH);
    return wait;
  }

  private tick(): void {
    this.timer = null;
    this.foundEmpty = false;
    this.running = (async () => {
      try {
        while ((await this.publishBatch()) === BATCH) {
          /* keep going while full batches come back */
        }
        await this.purgeOld();
      } catch (err) {
        this.foundEmpty = false;
        this.options.log.warn({ err }, 'outbox relay pass failed');
      }
    })().finally(() => {
      this.running = null;
      if (this.stopped) return;
      const delay = this.again ? 0 : this.nextWait();
      this.again = false;
      this.schedule(delay);
    });
  }

  private async publishBatch(): Promise<number> {
    const { database, schema, bus, log } = this.options;
    const db = database.db;
    let failed: { seqs: number[]; error: string; attempts: number } | null = null;
    const count = await database.twoTripTransaction(async (trips) => {
      const { turnAndPending, published } = this.statements;
      const answer = await trips.open<PassRow>(turnAndPending);
      if (!answer[0]?.mine) return 0; // another replica is publishing
      // A turn with nothing pending answers one row of nulls (the outer join's).
      const rows = answer.filter((row): row is PendingRow & { mine: true; due: boolean } => row.seq !== null);
      this.foundEmpty = rows.length === 0;
      if (rows.length === 0 || !rows[0]!.due) return 0;
      const seqs = rows.map((r) => r.seq);
      try {
        await bus.publish(rows.map((r) => busMessageOf(r)));
      } catch (err) {
        failed = {
          seqs,
          error: String((err as Error).message ?? err).slice(0, 500),
          attempts: Math.max(...rows.map((r) => r.attempts)) + 1,
        };
        return 0;
      }
      await trips.close(published(seqs));
      return rows.length;
    });
    if (failed) {
      const f = failed as { seqs: number[]; error: string; attempts: number };
      const backoffMs = Math.min(30_000, 250 * 2 ** Math.min(f.attempts, 7));
      log.warn({ rows: f.seqs.length, attempts: f.attempts, err: f.error }, 'outbox publish failed; will retry');
      await db.execute(sql`update ${sql.raw(schema)}.outbox
        set attempts = attempts + 1, last_error = ${f.error},
            next_attempt_at = now() + (${backoffMs} || ' milliseconds')::interval
        where seq in (${sql.join(
          f.seqs.map((s) => sql`${s}`),
          sql`, `,
        )})`);
      throw new Error(`outbox publish failed: ${f.error}`);
    }
    return count;
  }

  private async purgeOld(): Promise<void> {
    if (Date.now() - this.lastPurge < 60_000) return;
    this.lastPurge = Date.now();
    const { database, schema } = this.options;
    await database.db.execute(
      sql.raw(`delete from ${schema}.outbox where published_at < now() - interval '${KEEP_PUBLISHED_HOURS} hours'`),
    );
  }
}

/** An outbox row as the bus carries it; its trace context also travels as a header (decision 053). */
function busMessageOf(row: PendingRow): BusMessage {
  const { envelope } = row;
  const value = typeof envelope === 'string' ? envelope : JSON.stringify(envelope);
  const traceparent = typeof envelope === 'object' && envelope !== null ? (envelope as { traceparent?: unknown }).traceparent : undefined;
  return typeof traceparent === 'string'
    ? { topic: row.topic, key: row.key, value, headers: { traceparent } }
    : { topic: row.topic, key: row.key, value };
}
