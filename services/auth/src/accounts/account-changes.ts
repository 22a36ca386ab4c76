/**
 * Changing an account's names, bio, e-mail, username or role: one implementation for the member's
 * own profile (PUT /api/users/:id), the admin's own profile (PUT /api/admin/profile) and an admin's
 * Edit of any member (PUT /api/admin/users/:id). Call inside the transaction making the change.
 *
 * Only fields whose value really changes are written and reported, so the audit log's before/after
 * carry just those. The e-mail and username stay unique (the same "in use" / "taken" refusals as
 * sign-up; the unique indexes settle a race between two changes). Emits `user.updated` (the full
 * snapshot) when anything changed, and `user.email-changed` when the e-mail did, so the services
 * that mail or bill the member keep the new address.
 */
import { violatedUniqueIndex, type Emit, type Tx } from '@kora/platform/service';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { AuthTables, UserRow } from '../db/schema.js';
import { emailInUse, usernameTaken } from '../errors.js';
import { toSnapshot } from './users.js';

export interface AccountChanges {
  firstname?: string;
  lastname?: string;
  bio?: string;
  email?: string;
  username?: string;
  role?: 'user' | 'admin';
}

export type ChangedFields = Partial<Record<keyof AccountChanges, string>>;

export interface AccountChangeOutcome {
  user: UserRow;
  /** The changed fields' old values. */
  before: ChangedFields;
  /** The changed fields' new values (never the password hash: it is not a field here). */
  after: ChangedFields;
}

export async function changeAccount(
  tx: Tx,
  emit: Emit,
  tables: AuthTables,
  user: UserRow,
  requested: AccountChanges,
  actorId: number,
  now: Date,
): Promise<AccountChangeOutcome> {
  const { users } = tables;
  const wanted: AccountChanges = { ...requested, ...(requested.email !== undefined ? { email: requested.email.toLowerCase() } : {}) };
  const before: ChangedFields = {};
  const after: ChangedFields = {};
  for (const key of Object.keys(wanted) as (keyof AccountChanges)[]) {
    const value = wanted[key];
    if (value === undefined || value === user[key]) continue;
    before[key] = user[key];
    after[key] = value;
  }
  if (Object.keys(after).length === 0) return { user, before, after };

  if (after.email !== undefined) {
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, after.email), ne(users.id, user.id)));
    if (other) throw emailInUse();
  }
  if (after.username !== undefined && after.username.toLowerCase() !== user.username.toLowerCase()) {
    const [other] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(sql`lower(${users.username})`, after.username.toLowerCase()), ne(users.id, user.id)));
    if (other) throw usernameTaken();
  }
  const [row] = await tx
    .update(users)
    .set({ ...(after as AccountChanges), updatedAt: now })
    .where(eq(users.id, user.id))
    .returning()
    .catch(uniqueRefusal);
  emit({ type: 'user.updated', aggregateId: row!.id, actorId, payload: toSnapshot(row!) });
  if (after.email !== undefined)
    emit({ type: 'user.email-changed', aggregateId: row!.id, actorId, payload: { userId: row!.id, email: row!.email } });
  return { user: row!, before, after };
}

/** Two changes racing for the same address or name: the unique index refuses the second, in product words. */
function uniqueRefusal(err: unknown): never {
  const index = violatedUniqueIndex(err);
  if (index === 'users_email_key') throw emailInUse();
  if (index === 'users_username_key') throw usernameTaken();
  throw err;
}
