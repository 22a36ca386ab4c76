/**
 * Two-step sign-in (TOTP, RFC 6238) and the sign-in lock (decision 033): the request and answer
 * schemas of `/api/signin/two-step`, `/api/auth/unlock` and `/api/settings/security/two-step/*`.
 */
import { z } from 'zod';
import { authTexts, signInAnswer } from './auth.js';

/** Six digits; spaces a member types between groups ("123 456") are dropped. */
export const totpCodeSchema = z
  .string({ error: () => authTexts.twoStepCodeFormat })
  .transform((code) => code.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: () => authTexts.twoStepCodeFormat }));

/** Either a current TOTP code or one unused recovery code. */
export const twoStepCodeSchema = z
  .string({ error: () => authTexts.twoStepCodeFormat })
  .trim()
  .min(1, { error: () => authTexts.twoStepCodeFormat })
  .max(40, { error: () => authTexts.twoStepCodeFormat });

/** POST /api/signin's answer for an account with two-step sign-in on: no tokens yet. */
export const twoStepChallengeAnswer = z
  .object({
    twoStep: z.literal(true),
    /** Opaque, single use; send it with a code to /api/signin/two-step. */
    challenge: z.string(),
    /** Seconds the challenge stays valid. */
    expiresIn: z.number().int(),
  })
  .meta({ example: { twoStep: true, challenge: 'tsc_Vh3kQ9xZ2mP7rB4nT8wL1cY6dF0gJ5sA3eU9iO2pK7', expiresIn: 300 } });
export type TwoStepChallengeAnswer = z.infer<typeof twoStepChallengeAnswer>;

/** POST /api/signin: tokens and user, or (two-step on) a challenge. */
export const signInResult = z.union([signInAnswer, twoStepChallengeAnswer]).meta({ example: signInAnswer.meta()?.example });

export const twoStepSignInBody = z
  .object({
    challenge: z
      .string({ error: () => authTexts.twoStepChallengeInvalid })
      .min(1, { error: () => authTexts.twoStepChallengeInvalid })
      .max(200),
    code: twoStepCodeSchema,
  })
  .meta({ example: { challenge: 'tsc_Vh3kQ9xZ2mP7rB4nT8wL1cY6dF0gJ5sA3eU9iO2pK7', code: '492039' } });

export const unlockBody = z
  .object({
    token: z
      .string({ error: () => authTexts.unlockInvalid })
      .trim()
      .min(1, { error: () => authTexts.unlockInvalid })
      .max(200),
  })
  .meta({ example: { token: '7.1764403200000.Qk9xZ2mP7rB4nT8wL1cY6dF0gJ5sA3eU9iO2pK7vH3k' } });

/** GET /api/settings/security/two-step: whether it is on, and how many recovery codes are left. */
export const twoStepStatusSchema = z
  .object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
  })
  .meta({ example: { enabled: true, enabledAt: '2026-11-28T10:15:00.000Z', recoveryCodesLeft: 9 } });

/** POST /api/settings/security/two-step/setup: the secret three ways (shown once, until confirmed). */
export const twoStepSetupAnswer = z
  .object({
    /** otpauth://totp/… for authenticator apps. */
    uri: z.string(),
    /** The same URI as a QR code, an SVG data URL. */
    qrCode: z.string(),
    /** Base32, for typing into an app by hand. */
    secret: z.string(),
  })
  .meta({
    example: {
      uri: 'otpauth://totp/Kora:adaeze.okafor?issuer=Kora&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
      qrCode: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
    },
  });

export const twoStepConfirmBody = z.object({ code: totpCodeSchema }).meta({ example: { code: '492039' } });

/** The ten recovery codes, answered once when set-up is confirmed. */
export const twoStepRecoveryCodesAnswer = z.object({ message: z.string(), recoveryCodes: z.array(z.string()) }).meta({
  example: {
    message: authTexts.twoStepOn,
    recoveryCodes: [
      'k7m2p-x4q9r',
      'a3b5c-d7e2f',
      'h4j6k-m2n3p',
      'q5r7s-t2u4v',
      'w6x3y-z5a7b',
      'c2d4e-f6g3h',
      'j5k7m-n2p4q',
      'r6s3t-u5v7w',
      'x2y4z-a6b3c',
      'd5e7f-g2h4j',
    ],
  },
});

export const twoStepDisableBody = z
  .object({
    password: z
      .string({ error: () => authTexts.currentPasswordWrong })
      .min(1, { error: () => authTexts.currentPasswordWrong })
      .max(128),
    code: twoStepCodeSchema,
  })
  .meta({ example: { password: 'Jollof-2026', code: '492039' } });
