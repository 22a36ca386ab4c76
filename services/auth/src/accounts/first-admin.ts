/**
 * The first admin from the environment (decision 024): with KORA_ADMIN_EMAIL, KORA_ADMIN_USERNAME and
 * KORA_ADMIN_PASSWORD all set, the service's start creates that admin, or promotes the account with
 * that e-mail, through the same code as the `create-admin` command (accounts/admins.ts).
 *
 * Once per database and e-mail: the `first_admin` row written in the same transaction records that
 * it was applied, so an admin demoted later from the back office stays demoted at the next start,
 * and a changed password variable never overwrites a password changed since. Replicas starting at
 * once take turns on a transaction-scoped advisory lock; the second finds the row and does nothing
 * (the primary key would refuse a second row anyway).
 */
import type { NewEvent } from '@kora/platform/service';
import type { EventType } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Auth } from '../context.js';
import { createOrPromoteAdminIn, parseAdminInput, type AdminOutcome } from './admins.js';

export type FirstAdminOutcome = AdminOutcome | { action: 'not-configured' } | { action: 'already-applied'; userId: number };

export async function ensureFirstAdmin(auth: Auth): Promise<FirstAdminOutcome> {
  const { ctx, tables, config } = auth;
  const email = config.KORA_ADMIN_EMAIL;
  if (!email || !config.KORA_ADMIN_USERNAME || !config.KORA_ADMIN_PASSWORD) return { action: 'not-configured' };
  const [done] = await ctx.db.select().from(tables.firstAdmin).where(eq(tables.firstAdmin.email, email));
  if (done) return { action: 'already-applied', userId: done.userId };

  // Hashing is slow on purpose: done before the lock, and only when there may be work to do.
  const { input, passwordHash } = await parseAdminInput({
    email,
    username: config.KORA_ADMIN_USERNAME,
    password: config.KORA_ADMIN_PASSWORD,
  });
  const outcome = await ctx.transact(async (tx, emit) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kora.first-admin.${ctx.schema}`}))`);
    const [applied] = await tx.select().from(tables.firstAdmin).where(eq(tables.firstAdmin.email, email));
    if (applied) return { action: 'already-applied' as const, userId: applied.userId };
    const result = await createOrPromoteAdminIn(tx, tables, input, passwordHash, (event: NewEvent<EventType>) => emit(event), auth.now());
    await tx.insert(tables.firstAdmin).values({ email, userId: result.userId, outcome: result.action, appliedAt: auth.now() });
    return result;
  });
  if (outcome.action !== 'already-applied') {
    ctx.log.info(
      { userId: outcome.userId, action: outcome.action, notes: 'notes' in outcome ? outcome.notes : [] },
      'first admin from KORA_ADMIN_* applied',
    );
  }
  return outcome;
}
