import {
  defaultGeneralSettings,
  defaultNotificationSettings,
  defaultPrivacySettings,
  settingsTexts as t,
  type GeneralSettings,
  type NotificationSettings,
  type PrivacySettings,
} from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, eventsOf, expectError, memberIds, registerMember, startSettings, type SettingsTestService } from '../test-support.js';

const general = {
  phone: '+234 803 555 0101',
  dateOfBirth: '1995-04-23',
  gender: 'female',
  website: 'https://adaeze.ng',
  city: 'Lagos',
  country: 'Nigeria',
  timezone: 'Africa/Lagos',
  language: 'yo',
  theme: 'dark',
  dataSaver: 'on',
  work: 'Paystack',
  education: 'University of Lagos',
} as const;

describe(`member settings (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: SettingsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startSettings();
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const get = async <T>(path: string, userId: number) => {
    const res = await api.get(path, userId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('refuses anonymous callers on every tab, before reading the body', async () => {
    for (const tab of ['profile', 'privacy', 'notifications']) {
      expect((await api.get(`/api/settings/${tab}`, null)).statusCode).toBe(401);
      expect((await api.put(`/api/settings/${tab}`, null, { gender: 'nonsense' })).statusCode).toBe(401);
    }
  });

  it('answers the defaults to a member who never saved, with their username and sign-up e-mail', async () => {
    const ada = nextId();
    await registerMember(svc, ada, 'adaeze.okafor', 'adaeze@example.ng');
    expect(await get('/api/settings/profile', ada)).toEqual({
      username: 'adaeze.okafor',
      user_email: 'adaeze@example.ng',
      ...defaultGeneralSettings,
    });
    expect(await get('/api/settings/privacy', ada)).toEqual(defaultPrivacySettings);
    expect(await get('/api/settings/notifications', ada)).toEqual(defaultNotificationSettings);
    // Not known yet (auth's events lag): the account fields are empty, the settings still answer.
    expect(await get('/api/settings/profile', nextId())).toEqual({ username: '', user_email: '', ...defaultGeneralSettings });
  });

  it('saves each tab, answers and reads back the stored values, and leaves other members untouched', async () => {
    const [ada, bola] = [nextId(), nextId()];
    await registerMember(svc, ada, 'ada', 'ada@example.ng');

    const saved = await api.put('/api/settings/profile', ada, { ...general, username: 'hacker', user_email: 'hacker@example.com' });
    expect(saved.statusCode, saved.body).toBe(200);
    const profile: GeneralSettings = { username: 'ada', user_email: 'ada@example.ng', ...general };
    expect(saved.json()).toEqual(profile);
    expect(await get('/api/settings/profile', ada)).toEqual(profile);

    const privacy: PrivacySettings = {
      profileVisibility: 'friends',
      friendRequestPolicy: 'friends_of_friends',
      lookupEmail: 'only_me',
      lookupPhone: 'friends',
      showOnline: false,
      tagReview: true,
      messagePolicy: 'friends',
    };
    expect((await api.put('/api/settings/privacy', ada, privacy)).json()).toEqual(privacy);
    expect(await get('/api/settings/privacy', ada)).toEqual(privacy);

    const notifications: NotificationSettings = {
      ...defaultNotificationSettings,
      inappLikes: false,
      inappPayments: false,
      inappMessages: false,
      emailDigest: true,
    };
    expect((await api.put('/api/settings/notifications', ada, notifications)).json()).toEqual(notifications);
    expect(await get('/api/settings/notifications', ada)).toEqual(notifications);

    expect(await get('/api/settings/profile', bola)).toEqual({ username: '', user_email: '', ...defaultGeneralSettings });
    expect(await get('/api/settings/privacy', bola)).toEqual(defaultPrivacySettings);
    expect(await get('/api/settings/notifications', bola)).toEqual(defaultNotificationSettings);
  });

  it('merges a partial save onto the stored values, trims text, and takes empty optional fields', async () => {
    const ada = nextId();
    await api.put('/api/settings/profile', ada, general);
    const res = await api.put('/api/settings/profile', ada, { city: '  Abuja ', work: '', dateOfBirth: '' });
    expect(res.json()).toEqual({ username: '', user_email: '', ...general, city: 'Abuja', work: '', dateOfBirth: '' });
    await api.put('/api/settings/privacy', ada, { showOnline: false });
    expect(await get('/api/settings/privacy', ada)).toEqual({ ...defaultPrivacySettings, showOnline: false });
  });

  it('refuses each invalid field with its own text and stores nothing of that save', async () => {
    const ada = nextId();
    const tomorrowPlusTwo = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: [string, Record<string, unknown>, string][] = [
      ['profile', { dateOfBirth: tomorrowPlusTwo }, t.dateOfBirthFuture],
      ['profile', { dateOfBirth: '1995-02-30' }, t.dateOfBirthInvalid],
      ['profile', { dateOfBirth: '1800-01-01' }, t.dateOfBirthTooOld],
      ['profile', { timezone: 'Mars/Olympus' }, t.timezoneInvalid],
      ['profile', { timezone: '+01:00' }, t.timezoneInvalid],
      ['profile', { website: 'javascript:alert(1)' }, t.websiteInvalid],
      ['profile', { website: 'ftp://files.example.ng' }, t.websiteInvalid],
      ['profile', { website: `https://example.ng/${'a'.repeat(200)}` }, t.websiteTooLong],
      ['profile', { city: 'x'.repeat(101) }, t.tooLong('City')],
      ['profile', { work: 'x'.repeat(101) }, t.tooLong('Work')],
      ['profile', { phone: 'call me' }, t.phoneInvalid],
      ['profile', { gender: 'robot' }, t.genderInvalid],
      ['profile', { language: 'klingon' }, t.languageInvalid],
      ['profile', { theme: 'sepia' }, 'Theme must be one of system, light, dark'],
      ['profile', { theme: null }, t.themeInvalid],
      ['profile', { dataSaver: 'maybe' }, 'Data saver must be one of auto, on, off'],
      ['profile', { dataSaver: true }, t.dataSaverInvalid],
      ['profile', { city: 42 }, t.tooLong('City')],
      ['privacy', { profileVisibility: 'public' }, 'profileVisibility must be one of everyone, friends, only_me'],
      ['privacy', { friendRequestPolicy: 'friends' }, 'friendRequestPolicy must be one of everyone, friends_of_friends'],
      ['privacy', { lookupPhone: 'nobody' }, 'lookupPhone must be one of everyone, friends, only_me'],
      ['privacy', { showOnline: 'yes' }, t.switchInvalid('showOnline')],
      ['privacy', { messagePolicy: 'strangers' }, 'messagePolicy must be one of everyone, friends, nobody'],
      ['notifications', { inappMessages: 'off' }, t.switchInvalid('inappMessages')],
      ['notifications', { inappLikes: 'true' }, t.switchInvalid('inappLikes')],
      ['notifications', { emailDigest: 1 }, t.switchInvalid('emailDigest')],
    ];
    for (const [tab, body, message] of cases) {
      // A valid field beside the refused one: the whole save is refused, nothing of it is kept.
      const valid = tab === 'profile' ? { country: 'Ghana' } : {};
      expectError(await api.put(`/api/settings/${tab}`, ada, { ...valid, ...body }), 400, message);
    }
    expect(await get('/api/settings/profile', ada)).toEqual({ username: '', user_email: '', ...defaultGeneralSettings });
    expect(await get('/api/settings/privacy', ada)).toEqual(defaultPrivacySettings);
    expect(await get('/api/settings/notifications', ada)).toEqual(defaultNotificationSettings);
    expect(await eventsOf(svc, 'settings.profile-changed', ada)).toEqual([]);
    // Not an object at all: refused in the error shape, not a 500.
    const list = await api.put('/api/settings/privacy', ada, ['everyone']);
    expect(list.statusCode).toBe(400);
    expect(list.json()).toEqual({ error: expect.any(String), message: expect.any(String), code: 'VALIDATION_FAILED' });
  });

  it('announces every save with the tab’s complete values, keyed by the member', async () => {
    const ada = nextId();
    await registerMember(svc, ada, 'ada.announced', 'ada.a@example.ng');
    await api.put('/api/settings/profile', ada, { city: 'Ibadan', username: 'other' });
    await api.put('/api/settings/privacy', ada, { tagReview: true });
    await api.put('/api/settings/notifications', ada, { inappMentions: false });
    const expected = [
      ['settings.profile-changed', 'settings.profile', { ...defaultGeneralSettings, city: 'Ibadan' }],
      ['settings.privacy-changed', 'settings.privacy', { ...defaultPrivacySettings, tagReview: true }],
      ['settings.notifications-changed', 'settings.notifications', { ...defaultNotificationSettings, inappMentions: false }],
    ] as const;
    for (const [type, topic, values] of expected) {
      expect(await eventsOf(svc, type, ada)).toEqual([
        {
          type,
          topic,
          key: String(ada),
          aggregateId: String(ada),
          actorId: ada,
          payload: { userId: ada, ...values },
          id: expect.any(String),
          version: 1,
          occurredAt: expect.any(String),
          traceId: expect.anything(),
        },
      ]);
    }
  });

  it('keeps who may message the member and the Messages switch through saves that leave them out (older clients)', async () => {
    const ada = nextId();
    // A new member: everyone may message them (a stranger's first message waits as a request), and the switch is on.
    expect(await get<PrivacySettings>('/api/settings/privacy', ada)).toMatchObject({ messagePolicy: 'everyone' });
    expect(await get<NotificationSettings>('/api/settings/notifications', ada)).toMatchObject({ inappMessages: true });
    for (const messagePolicy of ['nobody', 'friends', 'everyone', 'nobody'] as const) {
      const res = await api.put('/api/settings/privacy', ada, { messagePolicy });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ...defaultPrivacySettings, messagePolicy });
    }
    await api.put('/api/settings/notifications', ada, { inappMessages: false });
    // The whole tab as a client from before messages sends it: neither field is in it.
    const { messagePolicy: _policy, ...olderPrivacy } = { ...defaultPrivacySettings, showOnline: false };
    const { inappMessages: _messages, ...olderNotifications } = { ...defaultNotificationSettings, inappLikes: false };
    expect((await api.put('/api/settings/privacy', ada, olderPrivacy)).json()).toEqual({ ...olderPrivacy, messagePolicy: 'nobody' });
    expect((await api.put('/api/settings/notifications', ada, olderNotifications)).json()).toEqual({
      ...olderNotifications,
      inappMessages: false,
    });
    expect(await get('/api/settings/privacy', ada)).toEqual({ ...olderPrivacy, messagePolicy: 'nobody' });
    expect(await get('/api/settings/notifications', ada)).toEqual({ ...olderNotifications, inappMessages: false });
    // Every announcement carries both, so consumers (messages, notifications) always have them.
    const privacyEvents = await eventsOf(svc, 'settings.privacy-changed', ada);
    expect(privacyEvents.map((e) => (e.payload as PrivacySettings).messagePolicy)).toEqual([
      'nobody',
      'friends',
      'everyone',
      'nobody',
      'nobody',
    ]);
    const notificationEvents = await eventsOf(svc, 'settings.notifications-changed', ada);
    expect(notificationEvents.map((e) => (e.payload as NotificationSettings).inappMessages)).toEqual([false, false]);
  });

  it('keeps the theme through saves that leave it out (older clients) and announces it with every save', async () => {
    const ada = nextId();
    // A new member follows their device.
    expect(await get<GeneralSettings>('/api/settings/profile', ada)).toMatchObject({ theme: 'system' });
    for (const theme of ['dark', 'light', 'system', 'dark'] as const) {
      const res = await api.put('/api/settings/profile', ada, { theme });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ username: '', user_email: '', ...defaultGeneralSettings, theme });
    }
    // The whole tab as a client from before dark mode sends it: no theme in it.
    const { theme: _theme, ...older } = { ...defaultGeneralSettings, city: 'Kano' };
    expect((await api.put('/api/settings/profile', ada, older)).json()).toEqual({ username: '', user_email: '', ...older, theme: 'dark' });
    expect(await get('/api/settings/profile', ada)).toEqual({ username: '', user_email: '', ...older, theme: 'dark' });
    const events = await eventsOf(svc, 'settings.profile-changed', ada);
    expect(events.map((e) => (e.payload as GeneralSettings).theme)).toEqual(['dark', 'light', 'system', 'dark', 'dark']);
  });

  it('keeps Data saver through saves that leave it out (older clients) and announces it with every save', async () => {
    const ada = nextId();
    // A member who never chose: automatic (the browser's hints decide).
    expect(await get<GeneralSettings>('/api/settings/profile', ada)).toMatchObject({ dataSaver: 'auto' });
    for (const dataSaver of ['on', 'off', 'auto', 'on'] as const) {
      const res = await api.put('/api/settings/profile', ada, { dataSaver });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ username: '', user_email: '', ...defaultGeneralSettings, dataSaver });
    }
    // The whole tab as a client from before light media sends it: no dataSaver in it.
    const { dataSaver: _dataSaver, ...older } = { ...defaultGeneralSettings, city: 'Kano' };
    expect((await api.put('/api/settings/profile', ada, older)).json()).toEqual({
      username: '',
      user_email: '',
      ...older,
      dataSaver: 'on',
    });
    expect(await get('/api/settings/profile', ada)).toEqual({ username: '', user_email: '', ...older, dataSaver: 'on' });
    const events = await eventsOf(svc, 'settings.profile-changed', ada);
    expect(events.map((e) => (e.payload as GeneralSettings).dataSaver)).toEqual(['on', 'off', 'auto', 'on', 'on']);
  });

  it('keeps both fields when two saves of different fields run at once', async () => {
    const ada = nextId();
    for (let round = 0; round < 5; round += 1) {
      const city = `City ${round}`;
      const work = `Work ${round}`;
      const [a, b] = await Promise.all([api.put('/api/settings/profile', ada, { city }), api.put('/api/settings/profile', ada, { work })]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      expect(await get('/api/settings/profile', ada)).toMatchObject({ city, work });
      const [p, n] = await Promise.all([
        api.put('/api/settings/privacy', ada, { showOnline: round % 2 === 0 }),
        api.put('/api/settings/privacy', ada, { lookupEmail: 'friends' }),
      ]);
      expect([p.statusCode, n.statusCode]).toEqual([200, 200]);
      expect(await get('/api/settings/privacy', ada)).toMatchObject({ showOnline: round % 2 === 0, lookupEmail: 'friends' });
    }
    // The last event carries what the last save left: the complete merged values.
    const events = await eventsOf(svc, 'settings.profile-changed', ada);
    expect(events).toHaveLength(10);
    expect(events.at(-1)!.payload).toMatchObject({ city: 'City 4', work: 'Work 4' });
  });
});
