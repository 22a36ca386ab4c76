/**
 * The per-account sign-in backoff and lock (decision 033). Every try (a password, or a two-step
 * code) is counted BEFORE it is checked, under a row lock, so parallel guesses each take their own
 * number and none slips past the count; a success clears the row. From the FREE_FAILURES-th
 * failure on, the next try must wait a delay that doubles each time (429 with Retry-After); the
 * LOCK_AFTER-th failure locks sign-in until the owner follows the e-mailed unlock link (accounts/unlock.ts).
 *
 * Keys: `user:<id>` for an account, `login:<what was typed>` for a login that names none, so an
 * unknown e-mail or username gets the same answers as a real one (only a real one gets the mail).
 */
import type { DbOrTx } from '@kora/platform/service';
import { eq, sql } from 'drizzle-orm';
import type { AuthTables } from '../db/schema.js';

/** Tries that cost nothing; the one after this many must wait. */
export const FREE_FAILURES = 5;
/** The failure that locks sign-in until the unlock link is followed. */
export const LOCK_AFTER = 10;
/**
 * The wait after the FREE_FAILURES-th failure; each failure after it doubles it (2, 4, 8, 16, 32 s).
 * The default of KORA_SIGN_IN_FIRST_WAIT_MS, which only the test harness lowers.
 */
export const FIRST_DELAY_MS = 2_000;
/** A count left alone this long (and not locked) starts again from nothing. */
export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export const accountKey = (userId: number) => `user:${userId}`;
/** What was typed, as sign-in compares it: the same login in another letter case is the same key. */
export const unknownLoginKey = (login: string) => `login:${login.trim().toLowerCase().slice(0, 254)}`;

export type AttemptStart =
  /** The try may go on; `attempt` is its number in the current run of failures (1 = the first). */
  { kind: 'go'; attempt: number } | { kind: 'wait'; seconds: number } | { kind: 'locked' };

function delayAfter(failures: number, firstDelayMs: number): number {
  return failures < FREE_FAILURES ? 0 : firstDelayMs * 2 ** (failures - FREE_FAILURES);
}

/**
 * Counts a try for `key` and says whether it may be checked. Call inside a transaction of its own
 * that commits before the password or code is checked: the count must hold even if the request
 * dies halfway. Tries in flight count too, so parallel guesses never get more than LOCK_AFTER
 * checks; the wait itself starts when a try fails (failedAttempt), so parallel right passwords
 * (one member on several devices) are not held up by each other.
 */
export async function beginAttempt(tx: DbOrTx, tables: AuthTables, key: string, now: Date): Promise<AttemptStart> {
  const t = tables.signInThrottle;
  // An upsert, not "insert or nothing": it locks the row it finds, so a sign-in that completes at
  // this moment (and deletes the row) cannot leave this try without one.
  await tx.insert(t).values({ key, failures: 0, updatedAt: now }).onConflictDoUpdate({ target: t.key, set: { key } });
  const [row] = await tx.select().from(t).where(eq(t.key, key)).for('update');
  if (!row) throw new Error(`sign-in throttle row ${key} vanished`);
  if (row.lockedAt) return { kind: 'locked' };
  if (row.blockedUntil && row.blockedUntil > now) {
    return { kind: 'wait', seconds: Math.max(1, Math.ceil((row.blockedUntil.getTime() - now.getTime()) / 1000)) };
  }
  const stale = now.getTime() - row.updatedAt.getTime() > FORGET_AFTER_MS;
  const counted = stale ? 0 : row.failures;
  // As many tries as the lock allows are already being checked: one of them decides what comes next.
  if (counted >= LOCK_AFTER) return { kind: 'wait', seconds: 1 };
  const attempt = counted + 1;
  await tx
    .update(t)
    .set({ failures: attempt, updatedAt: now, ...(stale ? { blockedUntil: null } : {}) })
    .where(eq(t.key, key));
  return { kind: 'go', attempt };
}

/**
 * The try numbered `attempt` failed: from FREE_FAILURES on the next try waits, and at LOCK_AFTER
 * the key locks. Answers true only to the one caller that set the lock (so the unlock mail goes once).
 */
export async function failedAttempt(
  tx: DbOrTx,
  tables: AuthTables,
  key: string,
  attempt: number,
  now: Date,
  /** The wait after the FREE_FAILURES-th failure (the config's KORA_SIGN_IN_FIRST_WAIT_MS). */
  firstDelayMs: number,
): Promise<boolean> {
  const t = tables.signInThrottle;
  if (attempt < LOCK_AFTER) {
    const delay = delayAfter(attempt, firstDelayMs);
    if (delay === 0) return false;
    const until = new Date(now.getTime() + delay);
    // The latest wait wins: a slow earlier failure never shortens it.
    await tx
      .update(t)
      .set({ blockedUntil: sql`greatest(coalesce(${t.blockedUntil}, ${until}), ${until})`, updatedAt: now })
      .where(eq(t.key, key));
    return false;
  }
  const locked = await tx
    .update(t)
    .set({ lockedAt: now, updatedAt: now })
    .where(sql`${t.key} = ${key} and ${t.lockedAt} is null`)
    .returning({ key: t.key });
  return locked.length > 0;
}

/** A complete sign-in: the count starts again. */
export async function clearAttempts(tx: DbOrTx, tables: AuthTables, key: string): Promise<void> {
  await tx.delete(tables.signInThrottle).where(eq(tables.signInThrottle.key, key));
}

/** When the key was locked, or null when it is not. */
export async function lockedAt(tx: DbOrTx, tables: AuthTables, key: string): Promise<Date | null> {
  const [row] = await tx
    .select({ lockedAt: tables.signInThrottle.lockedAt })
    .from(tables.signInThrottle)
    .where(eq(tables.signInThrottle.key, key));
  return row?.lockedAt ?? null;
}
