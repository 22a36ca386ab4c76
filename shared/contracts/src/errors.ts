/**
 * The one error shape every service and the gateway answer with: `{ error, message, code }`.
 * `error` is the product text to show people (clients written from the product rules show the
 * body's error field); `message` carries the same text for clients that read it; `code` is a stable
 * machine-readable code that programs, the web app included, branch on (decision 015). Never
 * branch on the text: it is product wording and changes.
 */
import { z } from 'zod';

export const errorBodySchema = z
  .object({
    error: z.string().describe("The text to show, in the product's words"),
    message: z.string().describe('The same text as `error`'),
    code: z.string().describe('A stable machine-readable code (BAD_REQUEST, UNAUTHENTICATED, POST_NOT_FOUND, …) to branch on'),
  })
  .meta({ example: { error: 'Please sign in to continue', message: 'Please sign in to continue', code: 'UNAUTHENTICATED' } });

export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * The body of every refusal, from the gateway, a service or the web app's own resource routes.
 * `error` carries the product text because that is the field clients show (docs/product/README.md);
 * `message` repeats it; `code` is for programs.
 */
export function errorBody(message: string, code: string): ErrorBody {
  return { error: message, message, code };
}

/**
 * Every service refuses text holding U+0000 (PostgreSQL text cannot store it), wherever it comes:
 * path, query, JSON body or form field (shared/platform/src/http/null-characters.ts).
 */
export const NULL_CHARACTER_TEXT = 'Text cannot contain the null character (U+0000)';

/** Stable codes shared by all services; services add their own domain codes beside these. */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthenticated: 'UNAUTHENTICATED',
  /** 402: the wallet's balance does not cover what was asked. */
  PaymentRequired: 'PAYMENT_REQUIRED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited: 'RATE_LIMITED',
  FeatureDisabled: 'FEATURE_DISABLED',
  Internal: 'INTERNAL',
  BadGateway: 'BAD_GATEWAY',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  GatewayTimeout: 'GATEWAY_TIMEOUT',
  /** Every service's dev mail listing while the dev outbox is not the transport in use (auth and notifications). */
  DevOutboxOff: 'DEV_OUTBOX_OFF',
} as const;

/**
 * The auth service's own codes. They live here, not in the service, because clients branch on them:
 * the web app's sign-up form (which field is taken), sign-in (offer to resend the activation mail)
 * and activation page (offer a new link unless the link was used).
 */
export const AuthErrorCode = {
  EmailInUse: 'EMAIL_IN_USE',
  UsernameTaken: 'USERNAME_TAKEN',
  SignupsClosed: 'SIGNUPS_CLOSED',
  InvalidCredentials: 'INVALID_CREDENTIALS',
  NotActivated: 'NOT_ACTIVATED',
  Suspended: 'SUSPENDED',
  ActivationInvalid: 'ACTIVATION_INVALID',
  ActivationExpired: 'ACTIVATION_EXPIRED',
  ActivationUsed: 'ACTIVATION_USED',
  OtpInvalid: 'OTP_INVALID',
  OtpLocked: 'OTP_LOCKED',
  OtpCooldown: 'OTP_COOLDOWN',
  RefreshInvalid: 'REFRESH_INVALID',
  CurrentPasswordWrong: 'CURRENT_PASSWORD_WRONG',
  UserNotFound: 'USER_NOT_FOUND',
  SessionNotFound: 'SESSION_NOT_FOUND',
  ImageRequired: 'IMAGE_REQUIRED',
  BalanceNotEmpty: 'BALANCE_NOT_EMPTY',
  EmailChangeInvalid: 'EMAIL_CHANGE_INVALID',
  EmailChangeExpired: 'EMAIL_CHANGE_EXPIRED',
  EmailChangeUsed: 'EMAIL_CHANGE_USED',
  EmailUnchanged: 'EMAIL_UNCHANGED',
  /** 429: the sign-in backoff is running (Retry-After says how long). */
  SignInWait: 'SIGN_IN_WAIT',
  /** 423: too many failures; the e-mailed unlock link lifts it. */
  SignInLocked: 'SIGN_IN_LOCKED',
  UnlockInvalid: 'UNLOCK_INVALID',
  TwoStepCodeWrong: 'TWO_STEP_CODE_WRONG',
  /** The two-step challenge is unknown, used or expired: sign in with the password again. */
  TwoStepChallengeInvalid: 'TWO_STEP_CHALLENGE_INVALID',
  TwoStepAlreadyOn: 'TWO_STEP_ALREADY_ON',
  TwoStepNotOn: 'TWO_STEP_NOT_ON',
  TwoStepNoSetup: 'TWO_STEP_NO_SETUP',
  /** 403 on admin routes: the site requires two-step sign-in for admins and this admin has not turned it on. */
  TwoStepRequired: 'TWO_STEP_REQUIRED',
} as const;

/** The settings service's codes clients branch on: the unsubscribe page offers no retry for a link that will never work. */
export const SettingsErrorCode = {
  UnsubscribeInvalid: 'UNSUBSCRIBE_INVALID',
} as const;

/** The settings service's muting codes (decision 037): the web app tells a full list from a bad word. */
export const MuteErrorCode = {
  NotYourself: 'MUTE_NOT_YOURSELF',
  MemberNotMuted: 'MEMBER_NOT_MUTED',
  WordNotMuted: 'WORD_NOT_MUTED',
  TooManyMutedMembers: 'TOO_MANY_MUTED_MEMBERS',
  TooManyMutedWords: 'TOO_MANY_MUTED_WORDS',
} as const;

/** The codes a profile lookup answers for a member who does not exist (the web sends them to /not-found). */
export const PROFILE_NOT_FOUND_CODES: readonly string[] = [ErrorCode.NotFound, AuthErrorCode.UserNotFound];
