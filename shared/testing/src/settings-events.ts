/**
 * Members' settings announced the way the settings service does (the tab's complete values, keyed
 * by the member), for the tests of services that keep a projection of them. Each helper waits until
 * the service under test has applied the event, so the next request sees the setting.
 */
import { defaultPrivacySettings, type PrivacySettings } from '@kora/contracts';
import { privacyOf, type MemberPrivacyTable } from '@kora/platform/service';
import { isDeepStrictEqual } from 'node:util';
import { eventually } from './adapters.js';
import type { TestService } from './service.js';
import { publishEvent } from './service-helpers.js';

/** Publishes `settings.privacy-changed` (defaults plus `changes`) and waits for `table` to hold it. */
export async function announcePrivacy(
  svc: TestService,
  table: MemberPrivacyTable,
  userId: number,
  changes: Partial<PrivacySettings>,
): Promise<void> {
  const settings = { ...defaultPrivacySettings, ...changes };
  await publishEvent(svc, 'settings.privacy-changed', { userId, ...settings }, userId, userId);
  // The platform's projection keeps every setting but messagePolicy (the messages service's own).
  const { messagePolicy: _messagePolicy, ...projected } = settings;
  await eventually(async () => isDeepStrictEqual(await privacyOf(svc.ctx.db, table, userId), projected));
}
