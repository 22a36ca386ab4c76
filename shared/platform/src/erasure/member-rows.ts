/**
 * Erasing a member (decision 034): what every service's `user.deleted` handler shares. A service
 * names the columns that hold a member's id; each row whose column holds it is deleted, in the
 * consumer's transaction (so a redelivered event finds nothing left and does nothing). Its published
 * outbox rows that name the member go too (the relay would only drop them hours later).
 */
import { eq, or, sql, type AnyColumn } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.js';
import { escapeLike } from '../db/search-text.js';
import type { MemberSnapshotTable } from '../members/table.js';

/** Deletes every row where one of `columns` holds `userId`; columns of one table are OR-ed. */
export async function deleteMemberRows(tx: Tx, userId: number, columns: PgColumn[]): Promise<void> {
  const byTable = new Map<PgTable, PgColumn[]>();
  for (const column of columns) {
    const table = column.table;
    byTable.set(table, [...(byTable.get(table) ?? []), column]);
  }
  for (const [table, cols] of byTable) {
    await tx.delete(table).where(or(...cols.map((c) => eq(c as AnyColumn, userId))));
  }
}

/** The words a service's snapshot knows the member by (username, shown name), before it is deleted. */
export async function memberNames(tx: Tx, members: MemberSnapshotTable, userId: number): Promise<string[]> {
  const [row] = await tx
    .select({ username: members.username, displayName: members.displayName })
    .from(members)
    .where(eq(members.userId, userId));
  return row ? [row.username, row.displayName] : [];
}

/**
 * Deletes this schema's published outbox rows about the member: keyed by them, acted by them, or
 * whose envelope holds one of `names` (a username or e-mail in a payload). Unpublished rows stay:
 * the relay still has to deliver them, and drops them once published like any other.
 */
export async function forgetPublishedEvents(tx: Tx, schema: string, userId: number, names: string[]): Promise<void> {
  const mentions = names.filter((n) => n.trim().length >= 3).map((n) => sql`envelope::text ilike ${`%${escapeLike(n)}%`}`);
  const id = String(userId);
  await tx.execute(sql`
    delete from ${sql.identifier(schema)}.outbox
    where published_at is not null
      and (key = ${id} or envelope->>'actorId' = ${id} or envelope->>'aggregateId' = ${id}
           ${mentions.length > 0 ? sql` or ${sql.join(mentions, sql` or `)}` : sql``})`);
}
