/**
 * Profile edit (first name, last name, bio) and the Security tab's password change: the current
 * password is required and the new one has at least 8 characters (settings spec §4, §9).
 */
import { authTexts, changePasswordBody, updateProfileBody } from '@kora/contracts';
import type { z } from 'zod';
import { fail, formText, parseWith, type FormResult } from '~/utils/forms';

export type ProfileEdit = z.output<typeof updateProfileBody>;
export type PasswordChange = z.output<typeof changePasswordBody>;

export const NEW_PASSWORD_MIN = 8;

export function parseProfileEdit(form: FormData): FormResult<ProfileEdit> {
  return parseWith(updateProfileBody, formText(form, ['firstname', 'lastname', 'bio']));
}

/** The change button's rule, shared by the page (enabled state) and the action (enforcement). */
export function canChangePassword(currentPassword: string, newPassword: string): boolean {
  return currentPassword.length > 0 && newPassword.length >= NEW_PASSWORD_MIN;
}

export function parsePasswordChange(form: FormData): FormResult<PasswordChange> {
  const values = formText(form, ['currentPassword', 'newPassword']);
  if (!values.currentPassword) return fail(authTexts.fillAllFields, 'currentPassword');
  return parseWith(changePasswordBody, values);
}
