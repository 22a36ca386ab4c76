import { defaultGeneralSettings, settingsTexts } from '@kora/contracts';
import { SERVICE_CALL_HEADER, signServiceCall } from '@kora/platform';
import { eventually, publishEvent } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, eventsOf, memberIds, registerMember, startSettings, type SettingsTestService } from '../test-support.js';

describe(`settings: the time zone from a sibling service, and e-mail changes (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: SettingsTestService;
  beforeAll(async () => void (svc = await startSettings()));
  afterAll(async () => svc?.close());
  const nextId = memberIds();

  const setZone = (
    userId: number,
    timezone: unknown,
    headers: Record<string, string> = { [SERVICE_CALL_HEADER]: signServiceCall('auth', svc.ctx.env.INTERNAL_SECRET) },
  ) => svc.app.inject({ method: 'PUT', url: `/internal/settings/${userId}/timezone`, headers, payload: { timezone } });

  it('saves the time zone into the General tab and announces the tab, keeping the other fields', async () => {
    const userId = nextId();
    const api = client(svc);
    await api.put('/api/settings/profile', userId, { ...defaultGeneralSettings, city: 'Lagos' });
    const res = await setZone(userId, 'Africa/Lagos');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ timezone: 'Africa/Lagos' });
    expect((await api.get('/api/settings/profile', userId)).json()).toMatchObject({ city: 'Lagos', timezone: 'Africa/Lagos' });
    expect((await eventsOf(svc, 'settings.profile-changed', userId)).at(-1)!.payload).toMatchObject({
      userId,
      city: 'Lagos',
      timezone: 'Africa/Lagos',
    });
  });

  it('refuses a name that is not a time zone, and callers that are not sibling services', async () => {
    const userId = nextId();
    const bad = await setZone(userId, 'Mars/Olympus');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe(settingsTexts.timezoneInvalid);
    expect((await setZone(userId, 'Africa/Lagos', svc.as({ userId }))).statusCode).toBe(403);
    expect((await setZone(userId, 'Africa/Lagos', {})).statusCode).toBe(403);
  });

  it('shows the new e-mail address after auth announces a change', async () => {
    const userId = nextId();
    await registerMember(svc, userId, `member${userId}`, `${userId}@example.ng`);
    await publishEvent(svc, 'user.email-changed', { userId, email: `new.${userId}@example.ng` }, userId, 1);
    await eventually(async () => (await client(svc).get('/api/settings/profile', userId)).json().user_email === `new.${userId}@example.ng`);
  });
});
