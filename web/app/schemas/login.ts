/**
 * The login form (docs/product/accounts.md: both fields required, else "Please fill in all
 * fields"). Validated with the auth contract's signInBody so the form and the API agree.
 */
import { authTexts, signInBody } from '@kora/contracts';
import { parseForm, refuse, textFields, type FormResult } from '~/utils/form-submission';

/** The refusal of a blank field, read when refused (in the page's language). */
export const fillAllFields = (): string => authTexts.fillAllFields;

export interface LoginForm {
  email: string;
  password: string;
}

export const loginForm = textFields(['email', 'password'])
  .superRefine((values, ctx) => {
    if (!values.email.trim()) refuse(ctx, fillAllFields(), 'email');
    // Not trimmed when sent: only a blank (whitespace-only) password counts as missing.
    else if (!values.password.trim()) refuse(ctx, fillAllFields(), 'password');
  })
  .pipe(signInBody);

export function parseLoginForm(form: FormData): FormResult<LoginForm> {
  return parseForm(form, loginForm);
}
