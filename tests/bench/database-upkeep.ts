/**
 * PostgreSQL's own deferred work, done before measuring: after the seed and the events it set off
 * (about 35,000 notification, outbox and processed-event rows), autovacuum wakes once a minute and
 * works through those tables, and a spread checkpoint keeps writing the dirty buffers for minutes.
 * Both can fall inside the feed's measured window and make PostgreSQL look slower than it is
 * (docs/performance.md, "What each change bought").
 *
 * So the bench does that work itself once the event backlog is gone: VACUUM (ANALYZE) leaves
 * autovacuum nothing to trigger on while the scenarios only read, and CHECKPOINT writes what is
 * dirty now. Neither changes what a page costs; they take the database's housekeeping out of the
 * measured windows of the feed and of its yardstick alike.
 */
import { openPostgres } from '@kora/platform';
import { sql } from 'drizzle-orm';

/** Answers how long it took; a server the bench may not maintain (an external one) is left as it is, with a warning. */
export async function settleDatabase(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const database = openPostgres(databaseUrl, 1);
  try {
    await database.db.execute(sql`vacuum (analyze)`);
    await database.db.execute(sql`checkpoint`);
  } catch (error) {
    process.stdout.write(`bench: could not VACUUM and CHECKPOINT the database (${(error as Error).message}); measuring as it is\n`);
  } finally {
    await database.close();
  }
  return performance.now() - started;
}
