import { defaultNotificationSettings, settingsTexts as t } from '@kora/contracts';
import { signLinkToken } from '@kora/platform/service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, eventsOf, expectError, memberIds, startSettings, type SettingsTestService } from '../test-support.js';

describe(`unsubscribing from the digest by link (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
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

  const tokenFor = (userId: number) => signLinkToken(svc.ctx.env.INTERNAL_SECRET, 'unsubscribe-digest', userId);
  const digest = async (userId: number) =>
    (await api.get('/api/settings/notifications', userId)).json<{ emailDigest: boolean }>().emailDigest;
  const subscribed = async () => {
    const userId = nextId();
    await api.put('/api/settings/notifications', userId, { emailDigest: true, inappLikes: false });
    expect(await digest(userId)).toBe(true);
    return userId;
  };

  it('turns the digest off without signing in, from a JSON body, and announces the complete settings', async () => {
    const ada = await subscribed();
    const res = await api.post('/api/settings/unsubscribe', null, { token: tokenFor(ada) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: t.unsubscribed });
    expect(await digest(ada)).toBe(false);
    const events = await eventsOf(svc, 'settings.notifications-changed', ada);
    expect(events.at(-1)).toMatchObject({
      key: String(ada),
      payload: { ...defaultNotificationSettings, userId: ada, inappLikes: false, emailDigest: false },
    });
  });

  it('takes a mail client’s RFC 8058 one-click POST: the token in the URL, a form body', async () => {
    const ada = await subscribed();
    const res = await svc.app.inject({
      method: 'POST',
      url: `/api/settings/unsubscribe?token=${encodeURIComponent(tokenFor(ada))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await digest(ada)).toBe(false);
  });

  it('takes the token form-encoded in the body, and with no body at all from the query', async () => {
    const [ada, bola] = [await subscribed(), await subscribed()];
    const form = await svc.app.inject({
      method: 'POST',
      url: '/api/settings/unsubscribe',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${encodeURIComponent(tokenFor(ada))}`,
    });
    expect(form.statusCode, form.body).toBe(200);
    const bare = await svc.app.inject({ method: 'POST', url: `/api/settings/unsubscribe?token=${tokenFor(bola)}` });
    expect(bare.statusCode, bare.body).toBe(200);
    expect([await digest(ada), await digest(bola)]).toEqual([false, false]);
  });

  it('refuses a missing, malformed, forged or other-purpose token and changes nothing', async () => {
    const ada = await subscribed();
    const good = tokenFor(ada);
    const forged = `${ada + 1}${good.slice(String(ada).length)}`;
    const otherSecret = signLinkToken('another-secret-another-secret-xx', 'unsubscribe-digest', ada);
    for (const body of [{}, { token: '' }, { token: 'nonsense' }, { token: forged }, { token: otherSecret }, { token: 42 }, ['token']]) {
      expectError(await api.post('/api/settings/unsubscribe', null, body), 400, t.unsubscribeInvalid);
    }
    expectError(await svc.app.inject({ method: 'POST', url: '/api/settings/unsubscribe?token=abc' }), 400, t.unsubscribeInvalid);
    expect(await digest(ada)).toBe(true);
  });

  it('is a POST only: following the link with GET changes nothing', async () => {
    const ada = await subscribed();
    expect((await svc.app.inject({ method: 'GET', url: `/api/settings/unsubscribe?token=${tokenFor(ada)}` })).statusCode).toBe(404);
    expect(await digest(ada)).toBe(true);
  });
});
