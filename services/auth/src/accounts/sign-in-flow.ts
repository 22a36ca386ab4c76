/**
 * The steps sign-in and its two-step completion share (decision 033): counting a try against the
 * account's backoff before anything is checked, recording a failure (and the lock, with its mail),
 * and opening the session once everything passed.
 */
import { deviceLabel } from '@kora/contracts';
import { eq, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Auth } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { invalidCredentials, signInLocked, signInWait } from '../errors.js';
import { cancelDeletionOnSignIn } from './deletion-grace.js';
import { isNewDevice } from './devices.js';
import { mailNewSignIn } from './security-mail.js';
import { issueTokens, openSession, type ClientInfo, type Tokens } from './sessions.js';
import { beginAttempt, clearAttempts, failedAttempt } from './sign-in-throttle.js';
import { hasTwoStep } from './two-step.js';
import { mailUnlockLink } from './unlock.js';
import { toSignInUser } from './users.js';

/** Counts a try for `key` (committed before anything is checked); refuses it while the key waits or is locked. */
export async function startAttempt(auth: Auth, reply: FastifyReply, key: string): Promise<number> {
  const start = await auth.ctx.transact((tx) => beginAttempt(tx, auth.tables, key, auth.now()));
  if (start.kind === 'wait') {
    reply.header('retry-after', String(start.seconds));
    throw signInWait(start.seconds);
  }
  if (start.kind === 'locked') throw signInLocked();
  return start.attempt;
}

/** The try failed: at the lock, the owner (if the key is an account) gets the unlock link. */
export async function recordFailure(auth: Auth, key: string, attempt: number, user: UserRow | null): Promise<void> {
  const now = auth.now();
  const lockedNow = await auth.ctx.transact((tx) =>
    failedAttempt(tx, auth.tables, key, attempt, now, auth.config.KORA_SIGN_IN_FIRST_WAIT_MS),
  );
  if (lockedNow && user) await mailUnlockLink(auth, user, now);
}

/** A right password for an account that still needs its code: this try was no failure, and no wait follows it. */
export async function forgiveAttempt(auth: Auth, key: string): Promise<void> {
  const t = auth.tables.signInThrottle;
  await auth.ctx.db
    .update(t)
    .set({ failures: sql`greatest(${t.failures} - 1, 0)`, blockedUntil: null })
    .where(eq(t.key, key));
}

/**
 * Whether this account's tokens must carry the "two-step missing" mark: an admin, on a site that
 * requires two-step sign-in of admins, who has not turned it on.
 */
export async function twoStepMissing(auth: Auth, user: Pick<UserRow, 'id' | 'role'>): Promise<boolean> {
  if (user.role !== 'admin' || !auth.ctx.siteSettings.current().security.requireTwoStepForAdmins) return false;
  return !(await hasTwoStep(auth.ctx.db, auth.tables, user.id));
}

/** Everything passed: the count starts again, a session opens, and a new device gets its mail. */
export async function completeSignIn(
  auth: Auth,
  user: UserRow,
  client: ClientInfo,
  key: string,
  twoStepUsed: boolean,
): Promise<Tokens & { user: ReturnType<typeof toSignInUser>; deletionCancelled?: true }> {
  const { ctx, tables, config } = auth;
  // Signing in during the grace period keeps the account (decision 034); one that became due
  // meanwhile is the sweep's.
  const deletionCancelled = await cancelDeletionOnSignIn(auth, user);
  if (user.deletionDueAt !== null && !deletionCancelled) throw invalidCredentials();
  // Read before the new session exists, so it is compared with earlier ones only.
  const newDevice = await isNewDevice(ctx.db, tables, user.id, client.userAgent);
  const { sessionId, refreshToken } = await ctx.transact(async (tx) => {
    await clearAttempts(tx, tables, key);
    return openSession(tx, tables, user.id, client, auth.now());
  });
  const identity = {
    userId: user.id,
    role: user.role,
    sessionId,
    ...((await twoStepMissing(auth, user)) ? { twoStepMissing: true as const } : {}),
  };
  const tokens = await issueTokens(identity, refreshToken, config.ACCESS_TOKEN_SECRET);
  if (newDevice) await mailNewSignIn(auth, user, deviceLabel(client.userAgent), client.ip, twoStepUsed);
  return { ...tokens, user: toSignInUser(user), ...(deletionCancelled ? { deletionCancelled } : {}) };
}
