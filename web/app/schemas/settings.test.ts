import { defaultGeneralSettings, defaultNotificationSettings, settingsTexts as t } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { tabFromUrl } from '~/components/settings/tabs';
import { toFormData } from '~/utils/form-data';
import { parseGeneralForm, parseNotificationsForm, parsePrivacyForm } from './settings';

describe('the Settings forms', () => {
  it('read the General tab’s whole object, trimmed, without the read-only account fields', () => {
    const form = toFormData({ ...defaultGeneralSettings, city: ' Lagos ', timezone: 'Africa/Lagos', username: 'x', user_email: 'y' });
    expect(parseGeneralForm(form)).toEqual({ ok: true, data: { ...defaultGeneralSettings, city: 'Lagos', timezone: 'Africa/Lagos' } });
  });

  it('give every refused field its own text', () => {
    const form = toFormData({
      ...defaultGeneralSettings,
      dateOfBirth: '2999-01-01',
      timezone: 'Mars/Base',
      website: 'ftp://x.ng',
      city: 'c'.repeat(101),
    });
    expect(parseGeneralForm(form)).toEqual({
      ok: false,
      fieldErrors: { dateOfBirth: t.dateOfBirthFuture, timezone: t.timezoneInvalid, website: t.websiteInvalid, city: t.tooLong('City') },
    });
  });

  it('read switches as checkboxes: present is on, absent is off', () => {
    const privacy = parsePrivacyForm(
      toFormData({
        profileVisibility: 'friends',
        friendRequestPolicy: 'everyone',
        lookupEmail: 'only_me',
        lookupPhone: 'friends',
        messagePolicy: 'friends',
        tagReview: 'on',
      }),
    );
    expect(privacy).toEqual({
      ok: true,
      data: {
        profileVisibility: 'friends',
        friendRequestPolicy: 'everyone',
        lookupEmail: 'only_me',
        lookupPhone: 'friends',
        messagePolicy: 'friends',
        showOnline: false,
        tagReview: true,
      },
    });
    const notifications = parseNotificationsForm(toFormData({ inappLikes: 'on', emailDigest: 'on' }));
    expect(notifications).toEqual({
      ok: true,
      data: { ...Object.fromEntries(Object.keys(defaultNotificationSettings).map((k) => [k, false])), inappLikes: true, emailDigest: true },
    });
  });

  it('refuse an audience that is not offered', () => {
    const privacy = parsePrivacyForm(
      toFormData({
        profileVisibility: 'public',
        friendRequestPolicy: 'everyone',
        lookupEmail: 'everyone',
        lookupPhone: 'everyone',
        messagePolicy: 'everyone',
      }),
    );
    expect(privacy).toEqual({
      ok: false,
      fieldErrors: { profileVisibility: 'profileVisibility must be one of everyone, friends, only_me' },
    });
  });

  it('take the tab from the URL, General when missing or unknown', () => {
    expect(tabFromUrl(new URL('http://x/settings?tab=privacy'))).toBe('privacy');
    expect(tabFromUrl(new URL('http://x/settings?tab=security'))).toBe('security');
    expect(tabFromUrl(new URL('http://x/settings?tab=admin'))).toBe('general');
    expect(tabFromUrl(new URL('http://x/settings'))).toBe('general');
  });
});
