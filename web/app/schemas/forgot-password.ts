/**
 * The password-recovery steps (docs/product/accounts.md): e-mail ("Please enter your email"; on
 * resend "Please enter your email first"), the 4-digit code ("OTP must be a 4-digit number"), and
 * the new password ("Please fill in both password fields", at least 6 characters, matching).
 */
import { authTexts, checkOtpBody, emailOnlyBody, resetPasswordBody } from '@kora/contracts';
import type { z } from 'zod';
import { parseForm, refuse, textFields, type FormResult } from '~/utils/form-submission';

export type EmailStep = z.output<typeof emailOnlyBody>;
export type CodeStep = z.output<typeof checkOtpBody>;
export type ResetStep = z.output<typeof resetPasswordBody>;

function emailStepForm(resend: boolean) {
  return textFields(['email'])
    .superRefine((values, ctx) => {
      if (!values.email.trim()) refuse(ctx, resend ? authTexts.enterEmailFirst : authTexts.enterEmail, 'email');
    })
    .pipe(emailOnlyBody);
}

const codeStepForm = textFields(['email', 'otp'])
  .superRefine((values, ctx) => {
    if (!values.email.trim()) refuse(ctx, authTexts.enterEmail, 'email');
  })
  .transform(({ email, otp }) => ({ email, otp: otp.trim() }))
  .pipe(checkOtpBody);

const resetStepForm = textFields(['email', 'otp', 'password', 'confirmPassword'])
  .superRefine(({ password, confirmPassword }, ctx) => {
    if (!password || !confirmPassword) refuse(ctx, authTexts.fillBothPasswords, password ? 'confirmPassword' : 'password');
    else if (password.length < 6) refuse(ctx, authTexts.passwordTooShort, 'password');
    else if (password !== confirmPassword) refuse(ctx, authTexts.passwordsDoNotMatch, 'confirmPassword');
  })
  .transform(({ email, otp, password }) => ({ email, otp: otp.trim(), password }))
  .pipe(resetPasswordBody);

export function parseEmailStep(form: FormData, { resend = false } = {}): FormResult<EmailStep> {
  return parseForm(form, emailStepForm(resend));
}

export function parseCodeStep(form: FormData): FormResult<CodeStep> {
  return parseForm(form, codeStepForm);
}

export function parseResetStep(form: FormData): FormResult<ResetStep> {
  return parseForm(form, resetStepForm);
}

/** The code field keeps digits only and at most 4 of them ("input cut to 4 characters"). */
export function cutOtp(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
