/**
 * The tombstone of erased members (decision 034), for a service where a member's write could
 * still be in flight when their `user.deleted` arrives (a post sent just before the sessions were
 * revoked). The erasure handler records the member under a per-member lock; a write takes the
 * same lock and checks the tombstone in its own transaction, so the write either commits before
 * the erasure (and is erased with the rest) or is refused.
 */
import { eq, sql } from 'drizzle-orm';
import { bigint, timestamp, type PgSchema } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/database.js';
import { unauthenticated } from '../errors.js';

export function erasedMembersTable(schema: PgSchema) {
  return schema.table('erased_members', {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    erasedAt: timestamp('erased_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  });
}

export type ErasedMembersTable = ReturnType<typeof erasedMembersTable>;

/** The SQL of the table, for a migration of each service that keeps it (`{schema}` as in every migration). */
export const erasedMembersSql = `
  -- Members whose account was erased (decision 034): a write of theirs still in flight is refused.
  create table {schema}.erased_members (
    user_id bigint primary key,
    erased_at timestamptz not null default now()
  );
`;

async function lockMember(tx: Tx, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`kora.erased-member:${userId}`}, 0))`);
}

/** Call first in the erasure handler's transaction. */
export async function recordErasedMember(tx: Tx, table: ErasedMembersTable, userId: number): Promise<void> {
  await lockMember(tx, userId);
  await tx.insert(table).values({ userId }).onConflictDoNothing();
}

/** Call first in a write's transaction: an erased member's write is refused (401, as a revoked session is). */
export async function refuseErasedMember(tx: Tx, table: ErasedMembersTable, userId: number): Promise<void> {
  await lockMember(tx, userId);
  const [row] = await tx.select({ userId: table.userId }).from(table).where(eq(table.userId, userId));
  if (row) throw unauthenticated();
}
