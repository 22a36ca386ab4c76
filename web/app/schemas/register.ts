/**
 * The registration form (docs/product/accounts.md): all six fields required ("Please fill in all
 * fields"), passwords must match ("Passwords do not match"), at least 6 characters ("Password must
 * be at least 6 characters long") — checked in that order — then the contract's signUpBody rules
 * (username characters, e-mail format, name length).
 */
import { authTexts, signUpBody, type SignUpBody } from '@kora/contracts';
import { parseForm, refuse, textFields, type FormResult } from '~/utils/form-submission';

export const REGISTER_FIELDS = ['firstname', 'lastname', 'username', 'email', 'password', 'confirmPassword'] as const;

export const registerForm = textFields(REGISTER_FIELDS)
  .superRefine((values, ctx) => {
    const blank = REGISTER_FIELDS.find((name) => !values[name].trim());
    if (blank) refuse(ctx, authTexts.fillAllFields, blank);
    else if (values.password !== values.confirmPassword) refuse(ctx, authTexts.passwordsDoNotMatch, 'confirmPassword');
    else if (values.password.length < 6) refuse(ctx, authTexts.passwordTooShort, 'password');
  })
  .transform(({ firstname, lastname, username, email, password }) => ({ firstname, lastname, username, email, password }))
  .pipe(signUpBody);

export function parseRegisterForm(form: FormData): FormResult<SignUpBody> {
  return parseForm(form, registerForm);
}
