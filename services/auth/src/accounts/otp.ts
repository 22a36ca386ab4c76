/**
 * One-time recovery codes: 4 digits from a CSPRNG, valid 10 minutes, single use, locked after 5
 * wrong tries (the 6th try is refused even with the right code). Only an HMAC of the code is
 * stored, keyed with a server secret and bound to the account, so a database dump cannot be
 * brute-forced offline over the 10,000 possible codes.
 *
 * Addresses without a live code (no account, or no code requested, or a code already used) count
 * wrong tries in the shared store with the same limit, so the answers for them look exactly like
 * those for a real account and never reveal whether the address has one.
 */
import type { DbOrTx, KeyValueStore } from '@kora/platform/service';
import { eq, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import type { AuthTables } from '../db/schema.js';
import { hmacSha256, sameDigest, sha256 } from './tokens.js';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_WRONG = 5;
export const OTP_RESEND_COOLDOWN_MS = 30 * 1000;

export type CodeCheck = 'ok' | 'invalid' | 'locked';

export function generateCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

export function otpKey(secret: string): string {
  return sha256(`kora-otp:${secret}`);
}

export function codeDigest(key: string, userId: number, code: string): string {
  return hmacSha256(key, `${userId}:${code}`);
}

/** Stores a fresh code for the account, replacing any earlier one (and its count of wrong tries). */
export async function storeCode(tx: DbOrTx, tables: AuthTables, key: string, userId: number, code: string, now: Date): Promise<void> {
  const values = {
    codeHash: codeDigest(key, userId, code),
    expiresAt: new Date(now.getTime() + OTP_TTL_MS),
    attempts: 0,
    usedAt: null,
    createdAt: now,
  };
  await tx
    .insert(tables.passwordCodes)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: tables.passwordCodes.userId, set: values });
}

const missKey = (email: string) => `otp-miss:${email}`;

/** A new code was asked for this address: start its count of wrong tries afresh. */
export async function resetMisses(store: KeyValueStore, email: string): Promise<void> {
  await store.del(missKey(email));
}

async function countMiss(store: KeyValueStore, email: string): Promise<CodeCheck> {
  const { count } = await store.hit(missKey(email), OTP_TTL_MS);
  return count > OTP_MAX_WRONG ? 'locked' : 'invalid';
}

/**
 * Checks `code` for the account (null: no account with that address). Call inside a transaction:
 * the code row is locked so parallel guesses are counted one by one. A wrong try is recorded by
 * the transaction, so the caller must let it commit and only then refuse the request. Checking
 * never consumes the code; `consumeCode` does.
 */
export async function checkCode(
  tx: DbOrTx,
  tables: AuthTables,
  store: KeyValueStore,
  key: string,
  email: string,
  userId: number | null,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  if (userId === null) return countMiss(store, email);
  const [row] = await tx.select().from(tables.passwordCodes).where(eq(tables.passwordCodes.userId, userId)).for('update');
  if (!row || row.usedAt) return countMiss(store, email);
  if (row.attempts >= OTP_MAX_WRONG) return 'locked';
  if (row.expiresAt > now && sameDigest(codeDigest(key, userId, code), row.codeHash)) return 'ok';
  await tx
    .update(tables.passwordCodes)
    .set({ attempts: sql`${tables.passwordCodes.attempts} + 1` })
    .where(eq(tables.passwordCodes.userId, userId));
  return 'invalid';
}

export async function consumeCode(tx: DbOrTx, tables: AuthTables, userId: number, now: Date): Promise<void> {
  await tx.update(tables.passwordCodes).set({ usedAt: now }).where(eq(tables.passwordCodes.userId, userId));
}
