/**
 * Leaving and moving (decision 034): deleting your account after a grace period, and changing your
 * e-mail through a link sent to the new address. Request bodies and answers of the auth routes;
 * the web app's forms reuse them.
 */
import { z } from 'zod';
import { authTexts, emailSchema } from './auth.js';

const passwordField = z
  .string({ error: () => authTexts.passwordRequired })
  .min(1, { error: () => authTexts.passwordRequired })
  .max(128);

/**
 * `code`: a two-step sign-in or recovery code, needed when two-step sign-in is on; `confirmBalance`
 * says the member read that their wallet balance is given up (refused without it when non-zero).
 */
export const deleteAccountBody = z
  .object({
    password: passwordField,
    confirmBalance: z.boolean().optional(),
    code: z.string().max(20).optional(),
  })
  .meta({ example: { password: 'Jollof-2026', confirmBalance: true } });
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;

export const deleteAccountAnswer = z
  .object({
    message: z.string(),
    /** When the account and everything in it is erased, unless the member signs in before. */
    deleteAt: z.string(),
  })
  .meta({ example: { message: authTexts.deletionScheduled(30), deleteAt: '2026-12-29T10:00:00.000Z' } });

export const changeEmailBody = z
  .object({ email: emailSchema, password: passwordField })
  .meta({ example: { email: 'adaeze.new@example.ng', password: 'Jollof-2026' } });
export type ChangeEmailBody = z.infer<typeof changeEmailBody>;

/** The token of a link from an e-mail change mail (confirm, at the new address; cancel, at the old one). */
export const emailChangeTokenBody = z
  .object({
    token: z
      .string({ error: () => authTexts.emailChangeInvalid })
      .trim()
      .min(1, { error: () => authTexts.emailChangeInvalid })
      .max(200),
  })
  .meta({ example: { token: 'Vh3k9Qm2r8Lx5Pz1Tn7Wc4Yb6Jd0Fs3Ag5Ke8Mu2Ro9' } });

export const emailChangedAnswer = z
  .object({ message: z.string(), email: z.string() })
  .meta({ example: { message: authTexts.emailChanged, email: 'adaeze.new@example.ng' } });
