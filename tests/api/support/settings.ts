/**
 * Members' settings saved through the public API, as the Settings page saves them: the settings
 * service stores the tab and announces it, and the services that enforce it (auth, friends, posts)
 * learn it from that event, exactly as in production.
 */
import type { GeneralSettings, NotificationSettings, PrivacySettings } from '@kora/contracts';
import { expect } from 'vitest';
import { json, type SignedIn } from './members.js';
import { api } from './product.js';

type Tabs = { privacy: PrivacySettings; profile: GeneralSettings; notifications: NotificationSettings };

/** PUTs part of a tab as `who` and checks the product stored it. */
export async function saveSettings<T extends keyof Tabs>(who: SignedIn, tab: T, changes: Partial<Tabs[T]>): Promise<void> {
  const res = await api(`/api/settings/${tab}`, json(changes, who.token, 'PUT'));
  expect(res.status, await res.clone().text()).toBe(200);
}
