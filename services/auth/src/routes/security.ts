/**
 * The Security tab of Settings (spec: change password; sessions with a revoke action each).
 * - PUT /api/settings/security/password { currentPassword, newPassword } -> ends the other sessions.
 * - GET /api/settings/security/sessions -> the caller's live sessions, the current one flagged.
 * - DELETE /api/settings/security/sessions/:id -> ends one of them; anyone else's is "not found".
 */
import { authTexts, changePasswordBody, errorBodySchema, messageAnswer, sessionSchema } from '@kora/contracts';
import { requireMember, unauthenticated, type ServiceApp } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { hashPassword, verifyPassword } from '../accounts/passwords.js';
import { mailPasswordChanged } from '../accounts/security-mail.js';
import { isSessionId, liveSessions, revokeSessions } from '../accounts/sessions.js';
import { findUserById } from '../accounts/users.js';
import type { Auth } from '../context.js';
import { currentPasswordWrong, sessionNotFound } from '../errors.js';

const security = [{ bearerAuth: [] }];

export function securityRoutes(app: ServiceApp, auth: Auth): void {
  const { ctx, tables } = auth;

  app.put(
    '/api/settings/security/password',
    {
      schema: {
        tags: ['security'],
        operationId: 'changePassword',
        summary: 'Change your password (your other sessions end)',
        security,
        body: changePasswordBody,
        response: { 200: messageAnswer, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const identity = requireMember(request);
      const user = await findUserById(ctx.db, tables, identity.userId);
      if (!user) throw unauthenticated();
      if (!(await verifyPassword(user.passwordHash, request.body.currentPassword))) throw currentPasswordWrong();
      const passwordHash = await hashPassword(request.body.newPassword);
      const now = auth.now();
      await ctx.transact(async (tx, emit) => {
        await tx.update(tables.users).set({ passwordHash, updatedAt: now }).where(eq(tables.users.id, user.id));
        await revokeSessions(tx, emit, ctx.store, tables, { userId: user.id, exceptSessionId: identity.sessionId }, user.id, now);
      });
      await mailPasswordChanged(auth, user);
      return { message: authTexts.passwordChanged };
    },
  );

  app.get(
    '/api/settings/security/sessions',
    {
      schema: {
        tags: ['security'],
        operationId: 'listSessions',
        summary: 'Your active sessions (most recently used first)',
        security,
        response: { 200: z.array(sessionSchema), 401: errorBodySchema },
      },
    },
    async (request) => {
      const identity = requireMember(request);
      const rows = await liveSessions(ctx.db, tables, identity.userId, auth.now());
      return rows.map((s) => ({
        id: s.id,
        userAgent: s.userAgent,
        ip: s.ip,
        createdAt: s.createdAt.toISOString(),
        lastSeen: s.lastSeen.toISOString(),
        current: s.id === identity.sessionId,
      }));
    },
  );

  app.delete(
    '/api/settings/security/sessions/:id',
    {
      schema: {
        tags: ['security'],
        operationId: 'endSession',
        summary: 'End one of your sessions',
        security,
        params: z.object({ id: z.string() }),
        response: { 204: z.null().describe('Session ended'), 401: errorBodySchema, 404: errorBodySchema },
      },
    },
    async (request, reply) => {
      const identity = requireMember(request);
      const { id } = request.params;
      if (!isSessionId(id)) throw sessionNotFound();
      const revoked = await ctx.transact((tx, emit) =>
        revokeSessions(tx, emit, ctx.store, tables, { userId: identity.userId, sessionIds: [id] }, identity.userId, auth.now()),
      );
      if (revoked.length === 0) throw sessionNotFound();
      return reply.code(204).send(null);
    },
  );
}
