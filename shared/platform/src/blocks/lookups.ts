/**
 * The one block rule every service applies (decision 036): where either of two members blocked the
 * other, neither sees the other's things, and nothing one does reaches the other. Anonymous viewers
 * (null) are never blocked.
 */
import { and, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/database.js';
import type { MemberBlocksTable } from './table.js';

/** Whether `a` and `b` are kept apart by a block in either direction. */
export async function isBlockedBetween(db: DbOrTx, blocks: MemberBlocksTable, a: number | null, b: number | null): Promise<boolean> {
  if (a === null || b === null || a === b) return false;
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return rows.length > 0;
}

/** Everyone `memberId` blocked or was blocked by, for filtering lists in code. */
export async function blockedPeersOf(db: DbOrTx, blocks: MemberBlocksTable, memberId: number | null): Promise<Set<number>> {
  if (memberId === null) return new Set();
  const rows = await db
    .select({ blockerId: blocks.blockerId, blockedId: blocks.blockedId })
    .from(blocks)
    .where(or(eq(blocks.blockerId, memberId), eq(blocks.blockedId, memberId)));
  return new Set(rows.map((row) => (row.blockerId === memberId ? row.blockedId : row.blockerId)));
}

/**
 * A condition for a query's WHERE: the member in `memberColumn` and `viewerId` are not kept apart
 * by a block (both primary-key probes). True for anonymous viewers. `viewerId` may be a statement's
 * placeholder or a column; its first test runs once per statement when it is a value, so a viewer
 * with no blocks at all (nearly everyone) pays no probe per row.
 */
export function notBlockedWith(
  blocks: MemberBlocksTable,
  viewerId: number | null | Placeholder | SQL,
  memberColumn: AnyPgColumn | SQL,
): SQL {
  if (viewerId === null) return sql`true`;
  return sql`(not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} or ${blocks.blockedId} = ${viewerId})
    or not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${memberColumn}) or (${blocks.blockerId} = ${memberColumn} and ${blocks.blockedId} = ${viewerId})))`;
}
