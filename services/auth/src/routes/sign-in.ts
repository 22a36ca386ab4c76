/**
 * Signing in (docs/product/accounts.md); signing out is sign-out.ts.
 * - POST /api/signin { email (or username), password } -> tokens and the product's user record.
 * - POST /api/auth/refresh { refreshToken } -> a new token pair; the old refresh token is spent.
 */
import { deviceLabel, errorBodySchema, refreshBody, signInAnswer, signInBody, tokensSchema } from '@kora/contracts';
import type { ServiceApp } from '@kora/platform/service';
import type { FastifyRequest } from 'fastify';
import { verifyAgainstDummy, verifyPassword } from '../accounts/passwords.js';
import { cancelDeletionOnSignIn, isDue } from '../accounts/deletion.js';
import { isNewDevice } from '../accounts/devices.js';
import { mailNewSignIn } from '../accounts/security-mail.js';
import { issueTokens, openSession, revokeSessions, rotateRefreshToken } from '../accounts/sessions.js';
import { findUserByLogin, toSignInUser } from '../accounts/users.js';
import type { Auth } from '../context.js';
import { invalidCredentials, notActivated, refreshInvalid, suspended } from '../errors.js';

export function clientInfo(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { userAgent: typeof agent === 'string' ? agent : '', ip: request.ip ?? '' };
}

export function signInRoutes(app: ServiceApp, auth: Auth): void {
  const { ctx, tables, config } = auth;

  app.post(
    '/api/signin',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'signIn',
        summary: 'Sign in with e-mail or username and password',
        body: signInBody,
        response: { 200: signInAnswer, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const { email: login, password } = request.body;
      const user = await findUserByLogin(ctx.db, tables, login);
      // An account past its grace period is as good as erased (decision 034).
      if (!user || isDue(auth, user)) {
        await verifyAgainstDummy(password);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(user.passwordHash, password))) throw invalidCredentials();
      // Only someone who knows the password learns the account's state.
      if (user.status === 'pending') throw notActivated();
      if (user.status === 'suspended') throw suspended();
      // Signing in during the grace period keeps the account (decision 034); one that became due
      // meanwhile is the sweep's.
      const deletionCancelled = await cancelDeletionOnSignIn(auth, user);
      if (user.deletionDueAt !== null && !deletionCancelled) throw invalidCredentials();
      const client = clientInfo(request);
      // Read before the new session exists, so it is compared with earlier ones only.
      const newDevice = await isNewDevice(ctx.db, tables, user.id, client.userAgent);
      const { sessionId, refreshToken } = await openSession(ctx.db, tables, user.id, client, auth.now());
      const tokens = await issueTokens({ userId: user.id, role: user.role, sessionId }, refreshToken, config.ACCESS_TOKEN_SECRET);
      if (newDevice) await mailNewSignIn(auth, user, deviceLabel(client.userAgent), client.ip);
      return { ...tokens, user: toSignInUser(user), ...(deletionCancelled ? { deletionCancelled } : {}) };
    },
  );

  app.post(
    '/api/auth/refresh',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'refreshTokens',
        summary: 'Trade a refresh token for a new token pair (rotation; a reused token ends its session)',
        body: refreshBody,
        response: { 200: tokensSchema, 400: errorBodySchema, 401: errorBodySchema },
      },
    },
    async (request) => {
      const now = auth.now();
      const outcome = await ctx.transact(async (tx, emit) => {
        const result = await rotateRefreshToken(tx, tables, request.body.refreshToken, now);
        if (result.kind === 'end') {
          await revokeSessions(tx, emit, ctx.store, tables, { userId: result.session.userId, sessionIds: [result.session.id] }, null, now);
        }
        return result;
      });
      if (outcome.kind === 'end') {
        request.log.warn(
          { sessionId: outcome.session.id, userId: outcome.session.userId, reason: outcome.reason },
          'refresh refused; session ended',
        );
      }
      if (outcome.kind !== 'rotated') throw refreshInvalid();
      const identity = { userId: outcome.user.id, role: outcome.user.role, sessionId: outcome.sessionId };
      return issueTokens(identity, outcome.refreshToken, config.ACCESS_TOKEN_SECRET);
    },
  );
}
