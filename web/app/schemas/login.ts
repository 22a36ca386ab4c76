/**
 * The login form (member-side §5 "Login": both fields required, else "Please fill in all fields").
 * Validated with the auth contract's signInBody so the form and the API agree.
 */
import { authTexts, signInBody } from '@kora/contracts';
import { fail, formText, parseWith, type FormResult } from '~/utils/forms';

export const FILL_ALL_FIELDS = authTexts.fillAllFields;

export interface LoginForm {
  email: string;
  password: string;
}

export function parseLoginForm(form: FormData): FormResult<LoginForm> {
  const values = formText(form, ['email', 'password']);
  if (!values.email.trim()) return fail(FILL_ALL_FIELDS, 'email');
  // Not trimmed when sent: only a blank (whitespace-only) password counts as missing.
  if (!values.password.trim()) return fail(FILL_ALL_FIELDS, 'password');
  return parseWith(signInBody, values);
}
