/**
 * Two-step sign-in (decision 033): TOTP (RFC 6238: SHA-1, 6 digits, 30 s, one step of drift either
 * way) with a secret sealed at rest (two-step-secrets.ts), and ten one-time recovery codes stored as
 * HMAC-SHA256 digests. Each accepted TOTP step is remembered per member and a code is taken only for
 * a newer step, in one UPDATE, so a code works once even when two requests race with it; a recovery
 * code is spent the same way.
 */
import type { DbOrTx } from '@kora/platform/service';
import { and, count, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { AuthTables } from '../db/schema.js';
import { hmacSha256 } from './tokens.js';
import { openSecret, sealSecret, type SecretKey } from './two-step-secrets.js';

export const PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** A set-up not confirmed within this long must be started again. */
export const SETUP_TTL_MS = 30 * 60 * 1000;

export function totpFor(secretBase32: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

export function newSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The time step a code matches (current, or one either side), or null. */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpFor(secretBase32, 'kora', 'kora').validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_SECONDS) + delta;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** `xxxxx-xxxxx`: 50 random bits, lower-case base32 (letters and 2-7; no 0, 1, 8 or 9). */
export function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = [...bytes].map((b) => BASE32[b & 31]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * A recovery code as typed, in the form it was made: no spaces or dash, lower case, and the digits
 * people type for look-alike letters (0 for o, 1 for l, 8 for b) read as those letters.
 */
export function normalRecoveryCode(code: string): string {
  return code
    .replace(/[\s-]+/g, '')
    .toLowerCase()
    .replace(/0/g, 'o')
    .replace(/1/g, 'l')
    .replace(/8/g, 'b');
}

/** What is stored of a recovery code: keyed and bound to the member. */
export function recoveryDigest(key: string, userId: number, code: string): string {
  return hmacSha256(key, `recovery:${userId}:${normalRecoveryCode(code)}`);
}

export type TwoStepRow = AuthTables['twoStep']['$inferSelect'];

export async function twoStepRow(db: DbOrTx, tables: AuthTables, userId: number): Promise<TwoStepRow | null> {
  const [row] = await db.select().from(tables.twoStep).where(eq(tables.twoStep.userId, userId));
  return row ?? null;
}

export const isOn = (row: TwoStepRow | null): row is TwoStepRow & { secretEnc: string; enabledAt: Date } =>
  Boolean(row?.enabledAt && row.secretEnc);

export async function recoveryCodesLeft(db: DbOrTx, tables: AuthTables, userId: number): Promise<number> {
  const r = tables.recoveryCodes;
  const [row] = await db
    .select({ n: count() })
    .from(r)
    .where(and(eq(r.userId, userId), isNull(r.usedAt)));
  return row?.n ?? 0;
}

/** Stores a new pending secret (replacing an unconfirmed one); the member stays as they were until they confirm. */
export async function storePendingSecret(tx: DbOrTx, tables: AuthTables, key: SecretKey, userId: number, secret: string, now: Date) {
  const sealed = sealSecret(key, userId, secret);
  await tx
    .insert(tables.twoStep)
    .values({ userId, pendingSecretEnc: sealed, pendingAt: now })
    .onConflictDoUpdate({ target: tables.twoStep.userId, set: { pendingSecretEnc: sealed, pendingAt: now } });
}

export type ConfirmOutcome = { kind: 'on'; recoveryCodes: string[] } | { kind: 'already-on' } | { kind: 'no-setup' } | { kind: 'wrong' };

/** Checks a code against the pending secret and, when it fits, turns two-step on with fresh recovery codes. */
export async function confirmPendingSecret(
  tx: DbOrTx,
  tables: AuthTables,
  keys: { secrets: SecretKey; recovery: string },
  userId: number,
  code: string,
  now: Date,
): Promise<ConfirmOutcome> {
  const [row] = await tx.select().from(tables.twoStep).where(eq(tables.twoStep.userId, userId)).for('update');
  if (isOn(row ?? null)) return { kind: 'already-on' };
  if (!row?.pendingSecretEnc || !row.pendingAt || now.getTime() - row.pendingAt.getTime() > SETUP_TTL_MS) return { kind: 'no-setup' };
  const secret = openSecret(keys.secrets, userId, row.pendingSecretEnc);
  if (!secret) return { kind: 'no-setup' };
  const step = matchingStep(secret, code, now);
  if (step === null) return { kind: 'wrong' };
  await tx
    .update(tables.twoStep)
    .set({ secretEnc: row.pendingSecretEnc, pendingSecretEnc: null, pendingAt: null, enabledAt: now, lastStep: step })
    .where(eq(tables.twoStep.userId, userId));
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(tables.recoveryCodes).where(eq(tables.recoveryCodes.userId, userId));
  await tx.insert(tables.recoveryCodes).values(recoveryCodes.map((c) => ({ userId, codeHash: recoveryDigest(keys.recovery, userId, c) })));
  return { kind: 'on', recoveryCodes };
}

/** How a code was accepted, or null when it was not (wrong, already used, or two-step is off). */
export type CodeKind = 'totp' | 'recovery';

/**
 * Accepts a current TOTP code for a step newer than the last one taken, or an unused recovery
 * code, and spends it. Each is one conditional UPDATE: of two requests with the same code, one wins.
 */
export async function spendCode(
  tx: DbOrTx,
  tables: AuthTables,
  keys: { secrets: SecretKey; recovery: string },
  userId: number,
  code: string,
  now: Date,
): Promise<CodeKind | null> {
  const typed = code.replace(/\s+/g, '');
  if (/^\d{6}$/.test(typed)) {
    const row = await twoStepRow(tx, tables, userId);
    if (!isOn(row)) return null;
    const secret = openSecret(keys.secrets, userId, row.secretEnc);
    const step = secret === null ? null : matchingStep(secret, typed, now);
    if (step === null) return null;
    const t = tables.twoStep;
    const taken = await tx
      .update(t)
      .set({ lastStep: step })
      .where(and(eq(t.userId, userId), isNotNull(t.enabledAt), or(isNull(t.lastStep), lt(t.lastStep, step))))
      .returning({ userId: t.userId });
    return taken.length > 0 ? 'totp' : null;
  }
  const r = tables.recoveryCodes;
  const spent = await tx
    .update(r)
    .set({ usedAt: now })
    .where(and(eq(r.userId, userId), eq(r.codeHash, recoveryDigest(keys.recovery, userId, typed)), isNull(r.usedAt)))
    .returning({ userId: r.userId });
  if (spent.length === 0) return null;
  // Only while two-step is on: codes of an account that turned it off are gone anyway (turnOff).
  const row = await twoStepRow(tx, tables, userId);
  return isOn(row) ? 'recovery' : null;
}

/** Two-step off: the secret and every recovery code go. */
export async function turnOff(tx: DbOrTx, tables: AuthTables, userId: number): Promise<void> {
  await tx.delete(tables.twoStep).where(eq(tables.twoStep.userId, userId));
  await tx.delete(tables.recoveryCodes).where(eq(tables.recoveryCodes.userId, userId));
}

/** Used by tests and the status answer: whether a member has two-step on, in one query. */
export async function hasTwoStep(db: DbOrTx, tables: AuthTables, userId: number): Promise<boolean> {
  const t = tables.twoStep;
  const [row] = await db
    .select({ on: sql<boolean>`true` })
    .from(t)
    .where(and(eq(t.userId, userId), isNotNull(t.enabledAt), isNotNull(t.secretEnc)));
  return Boolean(row);
}
