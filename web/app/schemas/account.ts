/**
 * Profile edit (first name, last name, bio) and the Security tab's password change: the current
 * password is required and the new one has at least 8 characters (docs/product/settings.md).
 */
import { authTexts, changePasswordBody, updateProfileBody } from '@kora/contracts';
import type { z } from 'zod';
import { parseForm, refuse, textFields, thenCheck, type FormResult } from '~/utils/form-submission';

export type ProfileEdit = z.output<typeof updateProfileBody>;
export type PasswordChange = z.output<typeof changePasswordBody>;

export const NEW_PASSWORD_MIN = 8;

export function parseProfileEdit(form: FormData): FormResult<ProfileEdit> {
  return parseForm(form, thenCheck(textFields(['firstname', 'lastname', 'bio']), updateProfileBody));
}

/** The change button's rule, shared by the page (enabled state) and the action (enforcement). */
export function canChangePassword(currentPassword: string, newPassword: string): boolean {
  return currentPassword.length > 0 && newPassword.length >= NEW_PASSWORD_MIN;
}

const passwordChangeForm = textFields(['currentPassword', 'newPassword'])
  .superRefine((values, ctx) => {
    if (!values.currentPassword) refuse(ctx, authTexts.fillAllFields, 'currentPassword');
  })
  .pipe(changePasswordBody);

export function parsePasswordChange(form: FormData): FormResult<PasswordChange> {
  return parseForm(form, passwordChangeForm);
}
