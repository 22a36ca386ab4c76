/**
 * After a crash, every kept outbox row is marked pending again so the relays publish it once more.
 *
 * Why: the in-process bus (embedded mode) holds an event in memory between the relay marking its
 * row published and each consumer handling it. A process killed in between loses the event for
 * the consumers that had not handled it yet, although its row says "published". Republishing every
 * kept row (published rows are kept 24 hours) closes that gap: each consumer records handled event
 * ids in `processed_events` in the same transaction as its effect, so it skips those it already
 * applied and applies the ones the crash swallowed. A PostgreSQL restore needs the same step for the
 * same reason (events in Kafka but not yet consumed at the dump's moment; README "Backups").
 */
import type { PGlite } from '@electric-sql/pglite';

export const REPUBLISH_KEPT_OUTBOX_SQL = `DO $$ DECLARE s text; BEGIN
  FOR s IN SELECT table_schema FROM information_schema.tables WHERE table_name = 'outbox' LOOP
    EXECUTE format('UPDATE %I.outbox SET published_at = NULL, next_attempt_at = now() WHERE published_at IS NOT NULL', s);
  END LOOP;
END $$;`;

/** Marks every kept outbox row of every schema pending; returns how many it marked. */
export async function republishKeptOutbox(client: PGlite): Promise<number> {
  return client.transaction(async (tx) => {
    const schemas = await tx.query<{ s: string }>(`select table_schema as s from information_schema.tables where table_name = 'outbox'`);
    let total = 0;
    for (const { s } of schemas.rows) {
      const counted = await tx.query<{ n: number }>(`select count(*)::int as n from "${s}".outbox where published_at is not null`);
      total += counted.rows[0]?.n ?? 0;
    }
    await tx.exec(REPUBLISH_KEPT_OUTBOX_SQL);
    return total;
  });
}
