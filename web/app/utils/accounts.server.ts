/**
 * The accounts API for visitors who are not signed in (auth service, through the gateway):
 * sign-up, sign-in, activation and password recovery. No token is sent: these calls work without
 * one. Answers are checked against the contract's schemas.
 */
import { messageAnswer, statusAnswer, tokensSchema, twoStepChallengeAnswer, type SignUpBody } from '@kora/contracts';
import { z } from 'zod';
import type { LoginForm } from '~/schemas/login';
import type { CodeStep, EmailStep, ResetStep } from '~/schemas/forgot-password';
import { apiFetch } from './api.server';

const signUpAnswer = z.object({ message: z.string().optional() });

export function signUp(request: Request, body: SignUpBody) {
  return apiFetch(request, '/api/signUp', { json: body, token: null, schema: signUpAnswer });
}

/** The tokens, and whether this sign-in cancelled the account's scheduled deletion (decision 034). */
const signedIn = tokensSchema.extend({ deletionCancelled: z.boolean().optional() });
/** Tokens, or (two-step sign-in on: decision 033) a challenge for the code step. */
const signInOutcome = z.union([signedIn, twoStepChallengeAnswer]);

export function signIn(request: Request, body: LoginForm) {
  return apiFetch(request, '/api/signin', { json: body, token: null, schema: signInOutcome });
}

/** The second step: the challenge from signIn and a TOTP or recovery code. */
export function signInTwoStep(request: Request, body: { challenge: string; code: string }) {
  return apiFetch(request, '/api/signin/two-step', { json: body, token: null, schema: signedIn });
}

/** The e-mailed link that lifts a sign-in lock. */
export function unlockSignIn(request: Request, token: string) {
  return apiFetch(request, '/api/auth/unlock', { json: { token }, token: null, schema: messageAnswer });
}

export function activateAccount(request: Request, token: string) {
  return apiFetch(request, '/api/activate', { json: { token }, token: null, schema: messageAnswer });
}

export function resendActivation(request: Request, body: EmailStep) {
  return apiFetch(request, '/api/resend-activation', { json: body, token: null, schema: messageAnswer });
}

/** Sends the recovery code, or sends a new one (`resend`, which has its own cooldown). */
export function sendRecoveryCode(request: Request, email: string, { resend = false } = {}) {
  return apiFetch(request, resend ? '/api/resend-otp' : '/api/sendForgotOtp', {
    json: { email },
    token: null,
    schema: statusAnswer,
  });
}

/** Checks the recovery code (`status: false` when it is wrong). */
export function checkRecoveryCode(request: Request, body: CodeStep) {
  return apiFetch(request, '/api/forgot-password', { json: body, token: null, schema: statusAnswer });
}

export function resetPassword(request: Request, body: ResetStep) {
  return apiFetch(request, '/api/reset-password', { json: body, token: null, schema: statusAnswer });
}
