/** Admin site settings applied live at the edge: feature switches and CORS origins. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startFakeUpstreams, startTestGateway, type FakeUpstreams, type TestGateway } from './test-support.js';

function settingsEvent(section: string, values: Record<string, unknown>) {
  return {
    topic: 'admin.site-settings',
    key: section,
    value: JSON.stringify({
      id: randomUUID(),
      type: 'site-settings.updated',
      version: 1,
      occurredAt: new Date().toISOString(),
      aggregateId: section,
      actorId: 1,
      payload: { section, values },
      traceId: null,
    }),
  };
}

describe('site settings at the gateway', () => {
  let fakes: FakeUpstreams;
  let gateway: TestGateway;

  beforeAll(async () => {
    fakes = await startFakeUpstreams();
    gateway = await startTestGateway(fakes.urls);
  });
  afterAll(async () => {
    await gateway?.close();
    await fakes?.close();
  });

  it('answers 404 FEATURE_DISABLED on a switched-off feature and serves it again when switched on', async () => {
    expect((await fetch(`${gateway.url}/api/reels`)).status).toBe(200);
    await gateway.bus.publish([settingsEvent('features', { stories: true, reels: false, groups: true, payments: true })]);
    await gateway.bus.drain();
    const off = await fetch(`${gateway.url}/api/reels/3/comments`);
    expect(off.status).toBe(404);
    expect(await off.json()).toEqual({
      error: 'Reels are turned off on this site.',
      message: 'Reels are turned off on this site.',
      code: 'FEATURE_DISABLED',
    });
    expect((await fetch(`${gateway.url}/api/stories`)).status).toBe(200);
    await gateway.bus.publish([settingsEvent('features', { stories: true, reels: true, groups: true, payments: true })]);
    await gateway.bus.drain();
    expect((await fetch(`${gateway.url}/api/reels`)).status).toBe(200);
  });

  it('tells anyone the site name and which features are on, live, and nothing secret', async () => {
    const site = async (): Promise<unknown> => (await fetch(`${gateway.url}/api/site`)).json();
    expect(await site()).toEqual({
      siteName: 'Kora',
      features: { stories: true, reels: true, groups: true, payments: true },
      allowSignups: true,
    });
    await gateway.bus.publish([settingsEvent('features', { stories: true, reels: true, groups: false, payments: true })]);
    await gateway.bus.publish([settingsEvent('general', { siteName: 'Kora Lagos', siteUrl: '', allowSignups: false })]);
    await gateway.bus.drain();
    expect(await site()).toEqual({
      siteName: 'Kora Lagos',
      features: { stories: true, reels: true, groups: false, payments: true },
      allowSignups: false,
    });
    expect((await fetch(`${gateway.url}/api/groups/3/posts`)).status).toBe(404);
    expect(fakes.hits.some((hit) => hit.url.startsWith('/api/site'))).toBe(false);
    await gateway.bus.publish([settingsEvent('features', { stories: true, reels: true, groups: true, payments: true })]);
    await gateway.bus.publish([settingsEvent('general', { siteName: 'Kora', siteUrl: '', allowSignups: true })]);
    await gateway.bus.drain();
  });

  it('allows the CORS origins an admin adds, without a restart', async () => {
    const origin = 'https://partner.example.com';
    const before = await fetch(`${gateway.url}/api/posts`, { headers: { origin } });
    expect(before.headers.get('access-control-allow-origin')).toBeNull();
    await gateway.bus.publish([settingsEvent('security', { corsOrigins: [origin] })]);
    await gateway.bus.drain();
    const after = await fetch(`${gateway.url}/api/posts`, { headers: { origin } });
    expect(after.headers.get('access-control-allow-origin')).toBe(origin);
  });
});
