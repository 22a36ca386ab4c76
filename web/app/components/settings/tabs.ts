/**
 * The Settings page's tabs and what its action answers (docs/product/settings.md). The tab is URL
 * state (`?tab=privacy`), so a reload or a shared link opens the same tab; General is the default.
 */
import { archiveTexts, settingsScreenTexts, settingsTexts } from '@kora/contracts';
import type { SecurityActionData } from './security';

export const SETTINGS_TABS = ['general', 'privacy', 'notifications', 'security', 'data'] as const;
export type SettingsTabId = (typeof SETTINGS_TABS)[number];

/** A tab's label, in the page's language. */
export function tabLabel(tab: SettingsTabId): string {
  return tab === 'data' ? archiveTexts.tab : settingsScreenTexts[tab];
}

export function tabFromUrl(url: URL): SettingsTabId {
  const tab = url.searchParams.get('tab');
  return (SETTINGS_TABS as readonly string[]).includes(tab ?? '') ? (tab as SettingsTabId) : 'general';
}

export type SaveIntent = 'save-general' | 'save-privacy' | 'save-notifications';

/** Per tab: what a failed load reads and what a failed save adds under the toast (docs/product/settings.md). */
export function tabFailures(tab: Exclude<SettingsTabId, 'security' | 'data'>): { fetch: string; update: string } {
  switch (tab) {
    case 'general':
      return { fetch: settingsTexts.fetchProfileFailed, update: settingsTexts.updateProfileFailed };
    case 'privacy':
      return { fetch: settingsTexts.fetchPrivacyFailed, update: settingsTexts.updatePrivacyFailed };
    case 'notifications':
      return { fetch: settingsTexts.fetchNotificationsFailed, update: settingsTexts.updateNotificationsFailed };
  }
}

/** A save's answer: ok, or the failure's text with the refused fields' texts by field name. */
/** `reload`: the page's language or time zone changed, which only a new page renders (decision 045). */
export type SaveActionData =
  | { intent: SaveIntent; ok: true; reload?: boolean }
  | { intent: SaveIntent; ok: false; error: string; fieldErrors: Record<string, string> };

/** "Request an archive" (decision 035): ok, or the API's refusal (one a day) in words. */
export type ArchiveActionData = { intent: 'request-archive'; ok: true } | { intent: 'request-archive'; ok: false; error: string };

export type SettingsActionData = SaveActionData | SecurityActionData | ArchiveActionData;
