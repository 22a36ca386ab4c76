/**
 * The password-recovery steps (member-side §4, §5): e-mail ("Please enter your email"; on resend
 * "Please enter your email first"), the 4-digit code ("OTP must be a 4-digit number"), and the new
 * password ("Please fill in both password fields", at least 6 characters, matching).
 */
import { authTexts, checkOtpBody, emailOnlyBody, resetPasswordBody } from '@kora/contracts';
import type { z } from 'zod';
import { fail, formText, parseWith, type FormResult } from '~/utils/forms';

export type EmailStep = z.output<typeof emailOnlyBody>;
export type CodeStep = z.output<typeof checkOtpBody>;
export type ResetStep = z.output<typeof resetPasswordBody>;

export function parseEmailStep(form: FormData, { resend = false } = {}): FormResult<EmailStep> {
  const values = formText(form, ['email']);
  if (!values.email.trim()) return fail(resend ? authTexts.enterEmailFirst : authTexts.enterEmail, 'email');
  return parseWith(emailOnlyBody, values);
}

export function parseCodeStep(form: FormData): FormResult<CodeStep> {
  const values = formText(form, ['email', 'otp']);
  if (!values.email.trim()) return fail(authTexts.enterEmail, 'email');
  return parseWith(checkOtpBody, { email: values.email, otp: values.otp.trim() });
}

export function parseResetStep(form: FormData): FormResult<ResetStep> {
  const values = formText(form, ['email', 'otp', 'password', 'confirmPassword']);
  if (!values.password || !values.confirmPassword) return fail(authTexts.fillBothPasswords, values.password ? 'confirmPassword' : 'password');
  if (values.password.length < 6) return fail(authTexts.passwordTooShort, 'password');
  if (values.password !== values.confirmPassword) return fail(authTexts.passwordsDoNotMatch, 'confirmPassword');
  return parseWith(resetPasswordBody, { email: values.email, otp: values.otp.trim(), password: values.password });
}

/** The code field keeps digits only and at most 4 of them ("input cut to 4 characters"). */
export function cutOtp(value: string): string {
  return value.replace(/\D/g, '').slice(0, 4);
}
