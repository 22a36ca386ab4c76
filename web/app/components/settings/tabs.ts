/**
 * The Settings page's tabs and what its action answers (docs/product/settings.md). The tab is URL
 * state (`?tab=privacy`), so a reload or a shared link opens the same tab; General is the default.
 */
import { archiveTexts, settingsTexts } from '@kora/contracts';
import type { SecurityActionData } from './security';

export const SETTINGS_TABS = ['general', 'privacy', 'notifications', 'security', 'data'] as const;
export type SettingsTabId = (typeof SETTINGS_TABS)[number];

export const tabLabels: Record<SettingsTabId, string> = {
  general: 'General',
  privacy: 'Privacy',
  notifications: 'Notifications',
  security: 'Security',
  data: archiveTexts.tab,
};

export function tabFromUrl(url: URL): SettingsTabId {
  const tab = url.searchParams.get('tab');
  return (SETTINGS_TABS as readonly string[]).includes(tab ?? '') ? (tab as SettingsTabId) : 'general';
}

export type SaveIntent = 'save-general' | 'save-privacy' | 'save-notifications';

/** Per tab: what a failed load reads and what a failed save adds under the toast (docs/product/settings.md). */
export const tabFailures: Record<Exclude<SettingsTabId, 'security' | 'data'>, { fetch: string; update: string }> = {
  general: { fetch: settingsTexts.fetchProfileFailed, update: settingsTexts.updateProfileFailed },
  privacy: { fetch: settingsTexts.fetchPrivacyFailed, update: settingsTexts.updatePrivacyFailed },
  notifications: { fetch: settingsTexts.fetchNotificationsFailed, update: settingsTexts.updateNotificationsFailed },
};

/** A save's answer: ok, or the failure's text with the refused fields' texts by field name. */
export type SaveActionData =
  { intent: SaveIntent; ok: true } | { intent: SaveIntent; ok: false; error: string; fieldErrors: Record<string, string> };

/** "Request an archive" (decision 035): ok, or the API's refusal (one a day) in words. */
export type ArchiveActionData = { intent: 'request-archive'; ok: true } | { intent: 'request-archive'; ok: false; error: string };

export type SettingsActionData = SaveActionData | SecurityActionData | ArchiveActionData;
