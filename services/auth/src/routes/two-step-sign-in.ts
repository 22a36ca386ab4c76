/**
 * The second step of a two-step sign-in and the sign-in unlock link (decision 033).
 * - POST /api/signin/two-step { challenge, code } -> what /api/signin answers without two-step.
 * - POST /api/auth/unlock { token } -> lifts the sign-in lock the e-mailed link names.
 * Both are for visitors who are not signed in.
 */
import { authTexts, errorBodySchema, messageAnswer, signInAnswer, twoStepSignInBody, unlockBody } from '@kora/contracts';
import type { ServiceApp } from '@kora/platform/service';
import { completeSignIn, recordFailure, startAttempt } from '../accounts/sign-in-flow.js';
import { accountKey } from '../accounts/sign-in-throttle.js';
import { challengeOwner, spendChallenge } from '../accounts/two-step-challenges.js';
import { spendCode } from '../accounts/two-step.js';
import { unlockWith } from '../accounts/unlock.js';
import { findUserById } from '../accounts/users.js';
import type { Auth } from '../context.js';
import { twoStepChallengeInvalid, twoStepCodeWrong, unlockInvalid } from '../errors.js';
import { clientInfo } from './sign-in.js';

/** Thrown inside the transaction to undo the challenge's spending when the code is wrong. */
class WrongCode extends Error {}

export function twoStepSignInRoutes(app: ServiceApp, auth: Auth): void {
  const { ctx, tables } = auth;

  app.post(
    '/api/signin/two-step',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'signInTwoStep',
        summary: 'Complete a two-step sign-in with an authenticator code or a recovery code',
        description:
          'The challenge comes from /api/signin; it works once and for 5 minutes. A code is taken once (a replayed TOTP code or a used recovery code is refused). ' +
          'Wrong codes count toward the same backoff and lock as wrong passwords.',
        body: twoStepSignInBody,
        response: {
          200: signInAnswer,
          400: errorBodySchema,
          401: errorBodySchema,
          423: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { challenge, code } = request.body;
      const userId = await challengeOwner(ctx.db, tables, challenge, auth.now());
      const user = userId === null ? undefined : await findUserById(ctx.db, tables, userId);
      if (!user || user.status !== 'active') throw twoStepChallengeInvalid();
      const key = accountKey(user.id);
      const attempt = await startAttempt(auth, reply, key);
      const now = auth.now();
      let spent: boolean;
      try {
        spent = await ctx.transact(async (tx) => {
          if (!(await spendChallenge(tx, tables, challenge, now))) return false;
          if (!(await spendCode(tx, tables, auth.twoStepKeys, user.id, code, now))) throw new WrongCode();
          return true;
        });
      } catch (error) {
        if (!(error instanceof WrongCode)) throw error;
        await recordFailure(auth, key, attempt, user);
        throw twoStepCodeWrong();
      }
      // Another request with the same challenge got there first.
      if (!spent) throw twoStepChallengeInvalid();
      return completeSignIn(auth, user, clientInfo(request), key, true);
    },
  );

  app.post(
    '/api/auth/unlock',
    {
      schema: {
        tags: ['accounts'],
        operationId: 'unlockSignIn',
        summary: 'Lift a sign-in lock with the link e-mailed to the account',
        body: unlockBody,
        response: { 200: messageAnswer, 400: errorBodySchema },
      },
    },
    async (request) => {
      if (!(await unlockWith(auth, request.body.token))) throw unlockInvalid();
      return { message: authTexts.unlocked };
    },
  );
}
