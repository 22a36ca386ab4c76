/**
 * The Settings tabs' forms (settings spec §3): each tab's whole object read from the form and
 * checked with the contract's schema, so the page refuses what the API would, with the same text,
 * beside the field it concerns. Switches are checkboxes: an unchecked one is absent from the form.
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
import type { z } from 'zod';
import { formText, parseAllFields as parseAll, type FieldErrors, type FieldsResult } from '~/utils/forms';

export type { FieldErrors };
export type TabForm<T> = FieldsResult<T>;

const isOn = (form: FormData, name: string) => form.get(name) !== null;

export const GENERAL_FIELDS = Object.keys(generalSettingsFields.shape) as (keyof GeneralSettingsFields)[];

export function parseGeneralForm(form: FormData): TabForm<GeneralSettingsFields> {
  return parseAll(generalSettingsFields, formText(form, GENERAL_FIELDS));
}

export function parsePrivacyForm(form: FormData): TabForm<PrivacySettings> {
  const { profileVisibility, friendRequestPolicy, lookupEmail, lookupPhone } = formText(form, ['profileVisibility', 'friendRequestPolicy', 'lookupEmail', 'lookupPhone']);
  return parseAll(privacySettingsSchema, {
    profileVisibility,
    friendRequestPolicy,
    lookupEmail,
    lookupPhone,
    showOnline: isOn(form, 'showOnline'),
    tagReview: isOn(form, 'tagReview'),
  });
}

export function parseNotificationsForm(form: FormData): TabForm<NotificationSettings> {
  return parseAll(notificationSettingsSchema, Object.fromEntries(NOTIFICATION_SWITCHES.map((name) => [name, isOn(form, name)])));
}
