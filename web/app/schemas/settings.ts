/**
 * The Settings tabs' forms (docs/product/settings.md): each tab's whole object read from the form
 * and checked with the contract's schema, so the page refuses what the API would, with the same
 * text, beside the field it concerns. Switches are checkboxes: an unchecked one is absent from the
 * form.
 */
import {
  generalSettingsFields,
  NOTIFICATION_SWITCHES,
  notificationSettingsSchema,
  privacySettingsSchema,
  type GeneralSettingsFields,
  type NotificationSettings,
  type PrivacySettings,
} from '@kora/contracts';
import { z } from 'zod';
import { parseFormFields, textFields, type FieldErrors, type FieldsResult } from '~/utils/form-submission';

export type { FieldErrors };
export type TabForm<T> = FieldsResult<T>;

/** A switch: a checkbox, absent from the form when off. */
const switchField = z
  .unknown()
  .optional()
  .transform((value) => value !== undefined);

export const GENERAL_FIELDS = Object.keys(generalSettingsFields.shape) as (keyof GeneralSettingsFields)[];

const generalForm = textFields(GENERAL_FIELDS).pipe(generalSettingsFields);

const privacyForm = textFields(['profileVisibility', 'friendRequestPolicy', 'lookupEmail', 'lookupPhone', 'messagePolicy'])
  .extend({ showOnline: switchField, tagReview: switchField })
  .pipe(privacySettingsSchema);

const notificationsForm = z
  .object(Object.fromEntries(NOTIFICATION_SWITCHES.map((name) => [name, switchField])))
  .pipe(notificationSettingsSchema);

export function parseGeneralForm(form: FormData): TabForm<GeneralSettingsFields> {
  return parseFormFields(form, generalForm);
}

export function parsePrivacyForm(form: FormData): TabForm<PrivacySettings> {
  return parseFormFields(form, privacyForm);
}

export function parseNotificationsForm(form: FormData): TabForm<NotificationSettings> {
  return parseFormFields(form, notificationsForm);
}
