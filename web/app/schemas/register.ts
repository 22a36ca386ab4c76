/**
 * The registration form (member-side §5 "Register"): all six fields required ("Please fill in all
 * fields"), passwords must match ("Passwords do not match"), at least 6 characters ("Password must
 * be at least 6 characters long") — checked in that order — then the contract's signUpBody rules
 * (username characters, e-mail format, name length).
 */
import { authTexts, signUpBody, type SignUpBody } from '@kora/contracts';
import { fail, formText, parseWith, type FormResult } from '~/utils/forms';

export const REGISTER_FIELDS = ['firstname', 'lastname', 'username', 'email', 'password', 'confirmPassword'] as const;

export function parseRegisterForm(form: FormData): FormResult<SignUpBody> {
  const values = formText(form, REGISTER_FIELDS);
  const blank = REGISTER_FIELDS.find((name) => !values[name].trim());
  if (blank) return fail(authTexts.fillAllFields, blank);
  if (values.password !== values.confirmPassword) return fail(authTexts.passwordsDoNotMatch, 'confirmPassword');
  if (values.password.length < 6) return fail(authTexts.passwordTooShort, 'password');
  const { confirmPassword: _confirm, ...body } = values;
  return parseWith(signUpBody, body);
}
