/**
 * Erasing a member (decision 034): what every service's `user.deleted` handler shares. A service
 * names the columns that hold a member's id; each row whose column holds it is deleted, in the
 * consumer's transaction (so a redelivered event finds nothing left and does nothing). Its published
 * outbox rows that name the member go too (the relay would only drop them hours later).
 */
import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
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

/** A counter kept on one table for the rows another table holds about each of its rows (a post's likes). */
export interface MarkCounter {
  /** The counter column (`posts.like_count`). */
  counter: PgColumn;
  /** The counted row's id (`posts.id`). */
  id: PgColumn;
  /** The marks' column naming the counted row (`likes.post_id`). */
  markedId: PgColumn;
  /** The marks' column naming who made them (`likes.user_id`). */
  markedBy: PgColumn;
  /** Only marks that count (`isNull(comments.removed_at)`). */
  counted?: SQL;
}

/**
 * Lowers each counter by the marks `userId` left, before those marks are deleted, so the rows they
 * were on show what remains; never below 0.
 */
export async function lowerCountsForMember(tx: Tx, userId: number, counts: MarkCounter[]): Promise<void> {
  for (const { counter, id, markedId, markedBy, counted } of counts) {
    await tx.execute(sql`
      update ${counter.table} set ${sql.identifier(counter.name)} = greatest(${counter} - gone.n, 0)
      from (select ${markedId} as marked_id, count(*)::int as n from ${markedBy.table}
            where ${markedBy} = ${userId} ${counted ? sql`and ${counted}` : sql``} group by ${markedId}) as gone
      where ${id} = gone.marked_id`);
  }
}
