/**
 * One pair of members changes one transaction at a time: a block and a friend request between the
 * same two members take the same transaction-scoped advisory lock, so a request sent while a block
 * commits either lands before it (and the block closes it) or sees the block (and is refused).
 */
import type { Tx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';

export async function lockPair(tx: Tx, schema: string, a: number, b: number): Promise<void> {
  const key = `${schema}.pair:${Math.min(a, b)}:${Math.max(a, b)}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
