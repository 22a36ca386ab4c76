/**
 * The challenge a correct password earns when two-step sign-in is on (decision 033): an opaque
 * random token (only its SHA-256 stored), valid CHALLENGE_TTL_SECONDS, spent by the one request
 * that completes the sign-in.
 */
import type { DbOrTx } from '@kora/platform/service';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { AuthTables } from '../db/schema.js';
import { randomToken, sha256 } from './tokens.js';

export const CHALLENGE_TTL_SECONDS = 300;
const PREFIX = 'tsc_';

export async function issueChallenge(tx: DbOrTx, tables: AuthTables, userId: number, userAgent: string, now: Date): Promise<string> {
  const challenge = `${PREFIX}${randomToken()}`;
  const c = tables.twoStepChallenges;
  // Expired challenges are of no use to anyone: each new one sweeps them.
  await tx.delete(c).where(lt(c.expiresAt, now));
  await tx.insert(c).values({
    tokenHash: sha256(challenge),
    userId,
    userAgent: userAgent.slice(0, 512),
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return challenge;
}

/** The member a live (unused, unexpired) challenge belongs to, or null. Does not spend it. */
export async function challengeOwner(db: DbOrTx, tables: AuthTables, challenge: string, now: Date): Promise<number | null> {
  if (!challenge.startsWith(PREFIX)) return null;
  const c = tables.twoStepChallenges;
  const [row] = await db
    .select({ userId: c.userId })
    .from(c)
    .where(and(eq(c.tokenHash, sha256(challenge)), isNull(c.usedAt), gt(c.expiresAt, now)));
  return row?.userId ?? null;
}

/** Spends the challenge; false when another request already did (or it expired meanwhile). */
export async function spendChallenge(tx: DbOrTx, tables: AuthTables, challenge: string, now: Date): Promise<boolean> {
  const c = tables.twoStepChallenges;
  const spent = await tx
    .update(c)
    .set({ usedAt: now })
    .where(and(eq(c.tokenHash, sha256(challenge)), isNull(c.usedAt), gt(c.expiresAt, now)))
    .returning({ userId: c.userId });
  return spent.length > 0;
}
