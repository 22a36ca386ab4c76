/**
 * The back office must never lock itself out: an admin may not demote or suspend themselves, and
 * nobody may demote or suspend the last active admin (docs/product/admin.md).
 *
 * Race-safe: every change that can take an admin away takes one transaction-scoped advisory lock
 * first, then reads the rows it decides on. Two admins demoting each other at the same moment take
 * turns; the second, reading after the first committed, sees it is about to remove the last admin
 * and is refused. (Counting without the lock, both would see two admins and both succeed.)
 */
import type { Tx } from '@kora/platform/service';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import type { AuthTables, UserRow } from '../db/schema.js';
import { adminsOnly, lastAdmin } from '../errors.js';
import { findUserById } from './users.js';

/** Takes the admins' lock for the rest of the transaction. */
export async function lockAdmins(tx: Tx, schema: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kora.admins.${schema}`}))`);
}

/** After `lockAdmins`: refuses when `target` is an active admin and no other active admin remains. */
export async function refuseLastAdmin(tx: Tx, tables: AuthTables, target: UserRow): Promise<void> {
  if (target.role !== 'admin' || target.status !== 'active') return;
  const { users } = tables;
  const [{ others }] = (await tx
    .select({ others: count() })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.status, 'active'), ne(users.id, target.id)))) as [{ others: number }];
  if (others === 0) throw lastAdmin();
}

/**
 * After `lockAdmins`, when the target is an admin: the acting admin must still be an active admin
 * now. This is the other half of the race: an admin demoted a moment ago by the admin they are
 * demoting (their access token says admin until the gateway learns the session ended) may not
 * finish the job. Everything else trusts the token's role, as every admin route does.
 */
export async function refuseFormerAdmin(tx: Tx, tables: AuthTables, actorId: number): Promise<void> {
  const actor = await findUserById(tx, tables, actorId);
  if (!actor || actor.role !== 'admin' || actor.status !== 'active') throw adminsOnly();
}
