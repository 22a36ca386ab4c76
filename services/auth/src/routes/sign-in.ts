/**
 * Signing in (docs/product/accounts.md); signing out is sign-out.ts.
 * - POST /api/signin { email (or username), password } -> tokens and the product's user record, or a
 *   two-step challenge (the second step is two-step-sign-in.ts; the backoff is decision 033).
 * - POST /api/auth/refresh { refreshToken } -> a new token pair; the old refresh token is spent.
 */
import { errorBodySchema, refreshBody, signInBody, signInResult, tokensSchema } from '@kora/contracts';
import type { ServiceApp } from '@kora/platform/service';
import type { FastifyRequest } from 'fastify';
import { verifyAgainstDummy, verifyPassword } from '../accounts/passwords.js';
import { isDue } from '../accounts/deletion-grace.js';
import { issueTokens, revokeSessions, rotateRefreshToken } from '../accounts/sessions.js';
import { completeSignIn, forgiveAttempt, recordFailure, startAttempt, twoStepMissing } from '../accounts/sign-in-flow.js';
import { accountKey, unknownLoginKey } from '../accounts/sign-in-throttle.js';
import { CHALLENGE_TTL_SECONDS, issueChallenge } from '../accounts/two-step-challenges.js';
import { hasTwoStep } from '../accounts/two-step.js';
import { findUserByLogin } from '../accounts/users.js';
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
        description:
          'Answers tokens and the user; for an account with two-step sign-in on, a challenge instead (send it with a code to /api/signin/two-step). ' +
          'Failed tries are counted per account before the password is checked: after 5, each try waits (429 with Retry-After); the 10th locks sign-in (423) until the e-mailed unlock link is followed.',
        body: signInBody,
        response: {
          200: signInResult,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          423: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { email: login, password } = request.body;
      const found = (await findUserByLogin(ctx.db, tables, login)) ?? null;
      // An account past its grace period is as good as erased (decision 034).
      const user = found && !isDue(auth, found) ? found : null;
      // An unknown login is counted under what was typed, so its answers match a real account's.
      const key = user ? accountKey(user.id) : unknownLoginKey(login);
      const attempt = await startAttempt(auth, reply, key);
      if (!user) {
        await verifyAgainstDummy(password);
        await recordFailure(auth, key, attempt, null);
        throw invalidCredentials();
      }
      if (!(await verifyPassword(user.passwordHash, password))) {
        await recordFailure(auth, key, attempt, user);
        throw invalidCredentials();
      }
      // Only someone who knows the password learns the account's state.
      if (user.status === 'pending') throw notActivated();
      if (user.status === 'suspended') throw suspended();
      const client = clientInfo(request);
      if (await hasTwoStep(ctx.db, tables, user.id)) {
        // The count stays until the code is right too; the right password itself was no failure.
        await forgiveAttempt(auth, key);
        const challenge = await ctx.transact((tx) => issueChallenge(tx, tables, user.id, client.userAgent, auth.now()));
        return { twoStep: true as const, challenge, expiresIn: CHALLENGE_TTL_SECONDS };
      }
      return completeSignIn(auth, user, client, key, false);
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
      const missing = await twoStepMissing(auth, outcome.user);
      const identity = {
        userId: outcome.user.id,
        role: outcome.user.role,
        sessionId: outcome.sessionId,
        ...(missing ? { twoStepMissing: true as const } : {}),
      };
      return issueTokens(identity, outcome.refreshToken, config.ACCESS_TOKEN_SECRET);
    },
  );
}
