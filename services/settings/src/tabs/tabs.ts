/**
 * The three tabs the service stores, described once so reading, saving and announcing them is one
 * piece of code: each tab's defaults, the schema of its fields (to read stored values back), and
 * the compacted event that carries its complete values.
 */
import {
  defaultGeneralSettings,
  defaultNotificationSettings,
  defaultPrivacySettings,
  generalSettingsFields,
  notificationSettingsSchema,
  privacySettingsSchema,
  type GeneralSettingsFields,
  type NotificationSettings,
  type PrivacySettings,
} from '@kora/contracts';
import type { z } from 'zod';
import type { SettingsTab } from '../db/schema.js';

export interface TabValues {
  profile: GeneralSettingsFields;
  privacy: PrivacySettings;
  notifications: NotificationSettings;
}

export const tabEvents = {
  profile: 'settings.profile-changed',
  privacy: 'settings.privacy-changed',
  notifications: 'settings.notifications-changed',
} as const satisfies Record<SettingsTab, string>;

interface TabDefinition<T> {
  defaults: T;
  fields: z.ZodObject;
}

export const tabs: { [K in SettingsTab]: TabDefinition<TabValues[K]> } = {
  profile: { defaults: defaultGeneralSettings, fields: generalSettingsFields },
  privacy: { defaults: defaultPrivacySettings, fields: privacySettingsSchema },
  notifications: { defaults: defaultNotificationSettings, fields: notificationSettingsSchema },
};

/**
 * A tab's complete values from what is stored: every field the member saved, the default for the
 * rest. A stored value the current rules refuse (a language dropped from the list, say) reads as
 * the default rather than failing the member's page or the event that carries it.
 */
export function completeValues<K extends SettingsTab>(tab: K, stored: Record<string, unknown> | undefined): TabValues[K] {
  const { defaults, fields } = tabs[tab];
  const values: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults)) {
    if (stored === undefined || !(key in stored)) continue;
    const parsed = (fields.shape[key] as z.ZodType).safeParse(stored[key]);
    if (parsed.success) values[key] = parsed.data;
  }
  return values as TabValues[K];
}

/** Only the tab's own fields of a validated update (drops the read-only username and user_email). */
export function ownFields(tab: SettingsTab, update: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(tabs[tab].defaults);
  return Object.fromEntries(Object.entries(update).filter(([key, value]) => keys.includes(key) && value !== undefined));
}
