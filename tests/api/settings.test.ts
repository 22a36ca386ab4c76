/**
 * Member settings through the gateway, in whichever mode the harness started: each tab answers the
 * defaults, saves and reads back for its owner only; the General tab shows the account's username
 * and e-mail from auth's events and ignores them in a save; a field the rules refuse answers 400
 * with its text; who may message a member, the Messages switch, the theme and Data saver survive saves that leave them out;
 * the digest's signed unsubscribe link works without signing in, also as a mail
 * client's one-click POST; and the settings routes refuse anonymous callers.
 */
import {
  defaultGeneralSettings,
  defaultNotificationSettings,
  defaultPrivacySettings,
  settingsTexts as t,
  type GeneralSettings,
  type NotificationSettings,
  type PrivacySettings,
} from '@kora/contracts';
import { readUntil } from '@kora/testing';
import { signLinkToken } from '@kora/platform/service';
import { beforeAll, describe, expect, it } from 'vitest';
import { auth, json, signedInMember } from './support/members.js';
import { api, body, MODE } from './support/product.js';

type Member = Awaited<ReturnType<typeof signedInMember>>;

const read = async <T>(who: Member, tab: string) => {
  const res = await api(`/api/settings/${tab}`, auth(who.token));
  expect(res.status, await res.clone().text()).toBe(200);
  return body<T>(res);
};
const save = (who: Member, tab: string, values: unknown) => api(`/api/settings/${tab}`, json(values, who.token, 'PUT'));

describe(`member settings through the gateway (${MODE})`, () => {
  let ada: Member;
  let bola: Member;

  beforeAll(async () => {
    [ada, bola] = await Promise.all([signedInMember(), signedInMember()]);
  });

  it('refuses anonymous callers on every tab', async () => {
    for (const tab of ['profile', 'privacy', 'notifications']) {
      expect((await api(`/api/settings/${tab}`)).status).toBe(401);
      expect((await api(`/api/settings/${tab}`, json({ city: 'Lagos' }, undefined, 'PUT'))).status).toBe(401);
    }
  });

  it('answers the defaults with the account’s username and e-mail, once auth’s events arrived', async () => {
    const account = { username: ada.member.username, user_email: ada.member.email };
    const profile = await readUntil(
      () => read<GeneralSettings>(ada, 'profile'),
      (p) => p.username !== '' && p.user_email !== '',
    );
    expect(profile).toEqual({ ...account, ...defaultGeneralSettings });
    expect(await read(ada, 'privacy')).toEqual(defaultPrivacySettings);
    expect(await read(ada, 'notifications')).toEqual(defaultNotificationSettings);
  });

  it('saves every tab for its owner only, ignoring the read-only account fields', async () => {
    const general = {
      phone: '08035550101',
      dateOfBirth: '1990-10-01',
      gender: 'male',
      website: 'http://bola.com.ng',
      city: 'Port Harcourt',
      country: 'Nigeria',
      timezone: 'Africa/Lagos',
      language: 'ig',
      theme: 'dark',
      dataSaver: 'on',
      work: 'Dangote',
      education: 'UNN',
    } as const;
    const saved = await save(bola, 'profile', { ...general, username: 'someone_else', user_email: 'x@example.com' });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const answer = await body<GeneralSettings>(saved);
    expect(answer).toMatchObject(general);
    expect(answer.username).not.toBe('someone_else');
    expect(answer.user_email).not.toBe('x@example.com');
    expect(await read(bola, 'profile')).toEqual(answer);

    const privacy: PrivacySettings = {
      profileVisibility: 'only_me',
      friendRequestPolicy: 'friends_of_friends',
      lookupEmail: 'friends',
      lookupPhone: 'only_me',
      showOnline: false,
      tagReview: true,
      messagePolicy: 'nobody',
    };
    expect(await body(await save(bola, 'privacy', privacy))).toEqual(privacy);
    expect(await read(bola, 'privacy')).toEqual(privacy);

    const notifications: NotificationSettings = {
      ...defaultNotificationSettings,
      inappComments: false,
      inappMessages: false,
      emailDigest: true,
    };
    expect(await body(await save(bola, 'notifications', notifications))).toEqual(notifications);
    expect(await read(bola, 'notifications')).toEqual(notifications);

    expect(await read(ada, 'privacy')).toEqual(defaultPrivacySettings);
    expect(await read(ada, 'notifications')).toEqual(defaultNotificationSettings);
  });

  it('refuses an invalid field with its text in { error, message, code }', async () => {
    const cases: [string, unknown, string][] = [
      ['profile', { dateOfBirth: '2999-01-01' }, t.dateOfBirthFuture],
      ['profile', { timezone: 'Lagos/Ikeja' }, t.timezoneInvalid],
      ['profile', { website: 'javascript:alert(1)' }, t.websiteInvalid],
      ['profile', { education: 'x'.repeat(101) }, t.tooLong('Education')],
      ['privacy', { lookupEmail: 'strangers' }, 'lookupEmail must be one of everyone, friends, only_me'],
      ['notifications', { emailSecurity: 'no' }, t.switchInvalid('emailSecurity')],
      ['profile', { theme: 'midnight' }, t.themeInvalid],
      ['profile', { dataSaver: 'sometimes' }, t.dataSaverInvalid],
      ['privacy', { messagePolicy: 'friends_of_friends' }, 'messagePolicy must be one of everyone, friends, nobody'],
      ['notifications', { inappMessages: null }, t.switchInvalid('inappMessages')],
    ];
    for (const [tab, values, message] of cases) {
      const res = await save(ada, tab, values);
      expect(res.status, `${tab} ${JSON.stringify(values)}`).toBe(400);
      expect(await body(res)).toEqual({ error: message, message, code: expect.any(String) });
    }
  });

  it('keeps who may message a member and their Messages switch when a client that knows neither saves the tab', async () => {
    const cara = await signedInMember();
    expect(await read(cara, 'privacy')).toMatchObject({ messagePolicy: 'everyone' });
    expect(await read(cara, 'notifications')).toMatchObject({ inappMessages: true });
    expect(await body(await save(cara, 'privacy', { messagePolicy: 'friends' }))).toEqual({
      ...defaultPrivacySettings,
      messagePolicy: 'friends',
    });
    expect(await body(await save(cara, 'notifications', { inappMessages: false }))).toMatchObject({ inappMessages: false });

    const { messagePolicy: _policy, ...olderPrivacy } = { ...defaultPrivacySettings, tagReview: true };
    const { inappMessages: _messages, ...olderNotifications } = { ...defaultNotificationSettings, inappLikes: false };
    const privacy = await save(cara, 'privacy', olderPrivacy);
    expect(privacy.status, await privacy.clone().text()).toBe(200);
    expect(await body(privacy)).toEqual({ ...olderPrivacy, messagePolicy: 'friends' });
    expect(await body(await save(cara, 'notifications', olderNotifications))).toEqual({ ...olderNotifications, inappMessages: false });
    expect(await read(cara, 'privacy')).toEqual({ ...olderPrivacy, messagePolicy: 'friends' });
    expect(await read(cara, 'notifications')).toEqual({ ...olderNotifications, inappMessages: false });
  });

  it('keeps the member’s theme when a client that does not know it saves the General tab', async () => {
    const dayo = await signedInMember();
    expect(await read(dayo, 'profile')).toMatchObject({ theme: 'system' });
    expect(await body(await save(dayo, 'profile', { theme: 'light' }))).toMatchObject({ theme: 'light' });
    const { theme: _theme, ...older } = { ...defaultGeneralSettings, city: 'Enugu' };
    const saved = await save(dayo, 'profile', older);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await body(saved)).toMatchObject({ ...older, theme: 'light' });
    expect(await read(dayo, 'profile')).toMatchObject({ ...older, theme: 'light' });
  });

  it('keeps the member’s Data saver choice when a client that does not know it saves the General tab', async () => {
    const ebere = await signedInMember();
    expect(await read(ebere, 'profile')).toMatchObject({ dataSaver: 'auto' });
    expect(await body(await save(ebere, 'profile', { dataSaver: 'on' }))).toMatchObject({ dataSaver: 'on' });
    const { dataSaver: _dataSaver, ...older } = { ...defaultGeneralSettings, city: 'Owerri' };
    const saved = await save(ebere, 'profile', older);
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(await body(saved)).toMatchObject({ ...older, dataSaver: 'on' });
    expect(await read(ebere, 'profile')).toMatchObject({ ...older, dataSaver: 'on' });
  });

  it('unsubscribes from the digest with the signed link, without signing in, and refuses a bad link', async () => {
    const secret = process.env.INTERNAL_SECRET;
    if (!secret) throw new Error('INTERNAL_SECRET must be set (the harness sets it)');
    await save(ada, 'notifications', { emailDigest: true });
    const token = signLinkToken(secret, 'unsubscribe-digest', ada.user.user_id);

    const bad = await api('/api/settings/unsubscribe', json({ token: `${token.slice(0, -2)}xx` }));
    expect(bad.status).toBe(400);
    expect(await body(bad)).toMatchObject({ error: t.unsubscribeInvalid });
    expect(await read(ada, 'notifications')).toMatchObject({ emailDigest: true });

    const ok = await api('/api/settings/unsubscribe', json({ token }));
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await body(ok)).toEqual({ message: t.unsubscribed });
    expect(await read(ada, 'notifications')).toEqual({ ...defaultNotificationSettings, emailDigest: false });

    // A mail client's RFC 8058 one-click POST: no Origin, no cookie, the token in the URL.
    await save(ada, 'notifications', { emailDigest: true });
    const oneClick = await api(`/api/settings/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status, await oneClick.clone().text()).toBe(200);
    expect(await read(ada, 'notifications')).toMatchObject({ emailDigest: false });
  });
});
