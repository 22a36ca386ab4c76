/**
 * Sign-in sessions. Each sign-in opens a session row; its access tokens carry the session id (`sid`)
 * and its refresh token is `<sessionId>.<32 random bytes, base64url>`, stored as a SHA-256 digest.
 * Refreshing rotates the token; the digest of the one before is kept, so presenting an already
 * rotated token (a stolen copy being replayed, or the thief's copy after the owner refreshed) is
 * recognised and ends the session for both.
 *
 * Revoking is one function (`revokeSessions`) for every path: it marks the rows, emits
 * `session.revoked`, and writes `revoked-session:<sid>` to the shared store so the gateway refuses
 * the session's access tokens at once (the contract in gateway/src/auth.ts).
 */
import type { EventPayload } from '@kora/contracts';
import { ACCESS_TOKEN_TTL_SECONDS, announceRevokedSession, signAccessToken } from '@kora/platform/access-token';
import type { DbOrTx, Emit, Identity, KeyValueStore } from '@kora/platform/service';
import { and, desc, eq, gt, inArray, isNull, ne, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { AuthTables, SessionRow, UserRow } from '../db/schema.js';
import { randomToken, sameDigest, sha256 } from './tokens.js';

export const REFRESH_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_ONLY = new RegExp(`^${UUID}$`);
const REFRESH_TOKEN = new RegExp(`^(${UUID})\\.[A-Za-z0-9_-]{43}$`);

export const isSessionId = (value: string) => UUID_ONLY.test(value);

function newRefreshToken(sessionId: string): { token: string; hash: string } {
  const token = `${sessionId}.${randomToken()}`;
  return { token, hash: sha256(token) };
}

export interface Tokens {
  token: string;
  refreshToken: string;
  expiresIn: number;
}

export async function issueTokens(identity: Identity, refreshToken: string, secret: string): Promise<Tokens> {
  return { token: await signAccessToken(identity, secret), refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export interface ClientInfo {
  userAgent: string;
  ip: string;
}

export async function openSession(
  tx: DbOrTx,
  tables: AuthTables,
  userId: number,
  client: ClientInfo,
  now: Date,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  const refresh = newRefreshToken(sessionId);
  await tx.insert(tables.sessions).values({
    id: sessionId,
    userId,
    userAgent: client.userAgent.slice(0, 512),
    ip: client.ip.slice(0, 64),
    createdAt: now,
    lastSeen: now,
    refreshHash: refresh.hash,
    refreshExpiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
  });
  return { sessionId, refreshToken: refresh.token };
}

export type RefreshOutcome =
  | { kind: 'rotated'; user: UserRow; sessionId: string; refreshToken: string }
  /** Unknown, expired or already revoked: refused, nothing else to do. */
  | { kind: 'invalid' }
  /** Refused, and the session must end: a rotated token came back, or the account was suspended. */
  | { kind: 'end'; session: SessionRow; reason: 'reuse' | 'account' };

/** Call inside a transaction: the session row is locked while it rotates. */
export async function rotateRefreshToken(tx: DbOrTx, tables: AuthTables, token: string, now: Date): Promise<RefreshOutcome> {
  const match = REFRESH_TOKEN.exec(token);
  if (!match) return { kind: 'invalid' };
  const [session] = await tx.select().from(tables.sessions).where(eq(tables.sessions.id, match[1]!)).for('update');
  if (!session || session.revokedAt) return { kind: 'invalid' };
  const presented = sha256(token);
  if (sameDigest(presented, session.previousRefreshHash)) return { kind: 'end', session, reason: 'reuse' };
  if (!sameDigest(presented, session.refreshHash)) return { kind: 'invalid' };
  if (session.refreshExpiresAt <= now) return { kind: 'invalid' };
  const [user] = await tx.select().from(tables.users).where(eq(tables.users.id, session.userId));
  if (!user || user.status !== 'active') return { kind: 'end', session, reason: 'account' };
  const next = newRefreshToken(session.id);
  await tx
    .update(tables.sessions)
    .set({
      refreshHash: next.hash,
      previousRefreshHash: presented,
      refreshExpiresAt: new Date(now.getTime() + REFRESH_TTL_MS),
      lastSeen: now,
    })
    .where(eq(tables.sessions.id, session.id));
  return { kind: 'rotated', user, sessionId: session.id, refreshToken: next.token };
}

export interface RevokeScope {
  userId: number;
  /** Only these sessions (of `userId`); all of them when omitted. */
  sessionIds?: string[];
  /** Keep this one (the caller's own, after a password change). */
  exceptSessionId?: string;
}

/**
 * Ends sessions: marks them revoked, emits `session.revoked` for each, and flags each id in the
 * shared store for the gateway. Call inside the transaction making the change; returns the ids
 * that were live and are now revoked.
 */
export async function revokeSessions(
  tx: DbOrTx,
  emit: Emit,
  store: KeyValueStore,
  tables: AuthTables,
  scope: RevokeScope,
  actorId: number | null,
  now: Date,
): Promise<string[]> {
  const where: SQL[] = [eq(tables.sessions.userId, scope.userId), isNull(tables.sessions.revokedAt)];
  if (scope.sessionIds) {
    // Ids that are not uuids name no session (and would make Postgres fail the cast).
    const ids = scope.sessionIds.filter(isSessionId);
    if (ids.length === 0) return [];
    where.push(inArray(tables.sessions.id, ids));
  }
  if (scope.exceptSessionId) where.push(ne(tables.sessions.id, scope.exceptSessionId));
  const revoked = await tx
    .update(tables.sessions)
    .set({ revokedAt: now })
    .where(and(...where))
    .returning({ id: tables.sessions.id });
  for (const { id } of revoked) {
    const payload: EventPayload<'session.revoked'> = { userId: scope.userId, sessionId: id };
    emit({ type: 'session.revoked', aggregateId: id, actorId, payload });
    await announceRevokedSession(store, id);
  }
  return revoked.map((r) => r.id);
}

/** A member's live sessions (not revoked, refresh not expired), most recently used first. */
export async function liveSessions(db: DbOrTx, tables: AuthTables, userId: number, now: Date): Promise<SessionRow[]> {
  return db
    .select()
    .from(tables.sessions)
    .where(and(eq(tables.sessions.userId, userId), isNull(tables.sessions.revokedAt), gt(tables.sessions.refreshExpiresAt, now)))
    .orderBy(desc(tables.sessions.lastSeen));
}
