/**
 * A signed-in member's own password and sessions: one implementation for the member's Security tab
 * (/api/settings/security/*) and the admin's profile (/api/admin/profile/password|sessions).
 */
import type { sessionSchema } from '@kora/contracts';
import type { z } from 'zod';
import { unauthenticated, type Identity } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { Auth } from '../context.js';
import { currentPasswordWrong, sessionNotFound } from '../errors.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { mailPasswordChanged } from './security-mail.js';
import { isSessionId, liveSessions, revokeSessions } from './sessions.js';
import { findUserById } from './users.js';

/** Checks the current password, sets the new one and ends the caller's other sessions; mails the member. */
export async function changeOwnPassword(auth: Auth, identity: Identity, currentPassword: string, newPassword: string): Promise<void> {
  const { ctx, tables } = auth;
  const user = await findUserById(ctx.db, tables, identity.userId);
  if (!user) throw unauthenticated();
  if (!(await verifyPassword(user.passwordHash, currentPassword))) throw currentPasswordWrong();
  const passwordHash = await hashPassword(newPassword);
  const now = auth.now();
  await ctx.transact(async (tx, emit) => {
    await tx.update(tables.users).set({ passwordHash, updatedAt: now }).where(eq(tables.users.id, user.id));
    await revokeSessions(tx, emit, ctx.store, tables, { userId: user.id, exceptSessionId: identity.sessionId }, user.id, now);
  });
  await mailPasswordChanged(auth, user);
}

/** The caller's live sessions, most recently used first, the current one flagged. */
export async function ownSessions(auth: Auth, identity: Identity): Promise<z.infer<typeof sessionSchema>[]> {
  const rows = await liveSessions(auth.ctx.db, auth.tables, identity.userId, auth.now());
  return rows.map((s) => ({
    id: s.id,
    userAgent: s.userAgent,
    ip: s.ip,
    createdAt: s.createdAt.toISOString(),
    lastSeen: s.lastSeen.toISOString(),
    current: s.id === identity.sessionId,
  }));
}

/** Ends one of the caller's sessions; anyone else's, an ended or an unknown one is "not found". */
export async function endOwnSession(auth: Auth, identity: Identity, sessionId: string): Promise<void> {
  const { ctx, tables } = auth;
  if (!isSessionId(sessionId)) throw sessionNotFound();
  const revoked = await ctx.transact((tx, emit) =>
    revokeSessions(tx, emit, ctx.store, tables, { userId: identity.userId, sessionIds: [sessionId] }, identity.userId, auth.now()),
  );
  if (revoked.length === 0) throw sessionNotFound();
}
