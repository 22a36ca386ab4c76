import { adminTexts, defaultSiteSettings, MASKED_SECRET } from '@kora/contracts';
import { startService, watchSiteSettings } from '@kora/platform';
import {
  adminIdentity,
  eventually,
  memberIdentity,
  publishEvent,
  startTestService,
  testEnv,
  testLog,
  type TestService,
} from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminService } from '../app.js';

describe(`admin site settings (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: TestService;
  // A broker shared across runs keeps older events on the topic: only count this run's admin.
  const adminId = 1_000_000 + Math.floor(Math.random() * 1_000_000);
  const received: { section: string; values: Record<string, unknown> }[] = [];
  const traceIds: (string | null)[] = [];

  beforeAll(async () => {
    svc = await startTestService(createAdminService());
    await svc.adapters.bus.subscribe({
      groupId: `settings-listener-${svc.ctx.schema}`,
      topics: ['admin.site-settings'],
      handle: async (m) => {
        const event = JSON.parse(m.value);
        if (event.actorId !== adminId) return;
        received.push(event.payload);
        traceIds.push(event.traceId);
      },
    });
  });
  afterAll(async () => svc?.close());

  const admin = () => svc.as(adminIdentity(adminId));
  const member = () => svc.as(memberIdentity());

  it('answers the defaults before anything is saved', async () => {
    const res = await svc.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(defaultSiteSettings);
  });

  it('refuses anonymous callers (401) and members (403) on every route', async () => {
    for (const [headers, status] of [
      [{}, 401],
      [member(), 403],
    ] as const) {
      const get = await svc.app.inject({ method: 'GET', url: '/api/admin/settings', headers });
      expect(get.statusCode).toBe(status);
      expect(get.json()).toMatchObject({ code: status === 401 ? 'UNAUTHENTICATED' : 'FORBIDDEN' });
      const put = await svc.app.inject({ method: 'PUT', url: '/api/admin/settings/features', headers, payload: { reels: false } });
      expect(put.statusCode).toBe(status);
    }
  });

  it('refuses a forged identity header', async () => {
    const forged = {
      'x-kora-identity':
        Buffer.from(JSON.stringify({ userId: 1, role: 'admin', sessionId: 'x', exp: Date.now() + 60_000 })).toString('base64url') + '.fake',
    };
    const res = await svc.app.inject({ method: 'GET', url: '/api/admin/settings', headers: forged });
    expect(res.statusCode).toBe(401);
  });

  it('saves a section, merges partial updates and announces the change', async () => {
    const res = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/moderation',
      headers: admin(),
      payload: { maxPostLength: 280, badWords: ['spam'] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ section: 'moderation', values: { maxPostLength: 280, badWords: ['spam'] } });
    const partial = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/moderation',
      headers: admin(),
      payload: { maxPostLength: 300 },
    });
    expect(partial.json().values).toEqual({ maxPostLength: 300, badWords: ['spam'] });
    await eventually(() => received.filter((e) => e.section === 'moderation').length === 2);
    expect(received.at(-1)).toEqual({ section: 'moderation', values: { maxPostLength: 300, badWords: ['spam'] } });
    const all = await svc.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin() });
    expect(all.json().moderation).toEqual({ maxPostLength: 300, badWords: ['spam'] });
  });

  it('masks the SMTP password and keeps it when the mask is sent back', async () => {
    await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/email',
      headers: admin(),
      payload: { smtpHost: 'smtp.example.com', smtpPassword: 's3cret' },
    });
    const shown = await svc.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin() });
    expect(shown.json().email).toMatchObject({ smtpHost: 'smtp.example.com', smtpPassword: MASKED_SECRET, smtpPort: 587 });
    const again = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/email',
      headers: admin(),
      payload: { smtpPort: 2525, smtpPassword: MASKED_SECRET },
    });
    expect(again.json().values).toMatchObject({ smtpPort: 2525, smtpPassword: MASKED_SECRET });
    await eventually(() => received.some((e) => e.section === 'email' && e.values.smtpPort === 2525));
    const event = received.filter((e) => e.section === 'email').at(-1)!;
    expect(event.values.smtpPassword).toBe('s3cret');
  });

  it('refuses an SMTP host on loopback or link-local with a clear 400, keeping the stored one', async () => {
    const saved = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/email',
      headers: admin(),
      payload: { smtpHost: 'smtp.example.com' },
    });
    expect(saved.statusCode).toBe(200);
    for (const smtpHost of ['127.0.0.1', 'localhost', '[::1]', '169.254.169.254', 'fe80::1', '0.0.0.0', '::ffff:127.0.0.1', '127.1.2.3']) {
      const res = await svc.app.inject({
        method: 'PUT',
        url: '/api/admin/settings/email',
        headers: admin(),
        payload: { smtpHost, smtpPort: 25 },
      });
      expect(res.statusCode, smtpHost).toBe(400);
      expect(res.json()).toEqual({ error: adminTexts.smtpHostLocal, message: adminTexts.smtpHostLocal, code: 'INVALID_SETTINGS' });
    }
    const shown = await svc.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin() });
    expect(shown.json().email).toMatchObject({ smtpHost: 'smtp.example.com' });
    expect(shown.json().email.smtpPort).not.toBe(25);
  });

  it('shows a newly saved SMTP password masked in the answer and the audit entry, never in clear', async () => {
    const res = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/email',
      headers: admin(),
      payload: { smtpPassword: 'n3w-s3cret' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('n3w-s3cret');
    expect(res.json().values.smtpPassword).toBe(MASKED_SECRET);
    const shown = await svc.app.inject({ method: 'GET', url: '/api/admin/settings', headers: admin() });
    expect(shown.body).not.toContain('n3w-s3cret');
    await eventually(async () => {
      const audit = await svc.app.inject({ method: 'GET', url: '/api/admin/audit?limit=50', headers: admin() });
      return audit.statusCode === 200 && audit.body.includes('settings.updated');
    });
    const audit = await svc.app.inject({ method: 'GET', url: '/api/admin/audit?limit=50', headers: admin() });
    expect(audit.body).not.toContain('n3w-s3cret');
    expect(audit.body).not.toContain('s3cret');
  });

  it("carries the caller's request id into the event envelope", async () => {
    const res = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/general',
      headers: { ...admin(), 'x-request-id': 'trace-me-123' },
      payload: { siteName: 'Kora NG' },
    });
    expect(res.statusCode).toBe(200);
    await eventually(() => traceIds.includes('trace-me-123'));
  });

  it('updates the live site settings every service instance reads', async () => {
    await eventually(() => svc.ctx.siteSettings.current().general.siteName === 'Kora NG');
  });

  it('answers bad input with 400 and the error shape, never 500', async () => {
    const cases = [
      { url: '/api/admin/settings/moderation', payload: { maxPostLength: 'lots' } },
      { url: '/api/admin/settings/moderation', payload: { unknownField: 1 } },
      { url: '/api/admin/settings/security', payload: { corsOrigins: ['not a url'] } },
      { url: '/api/admin/settings/storage', payload: { maxUploadMB: 0 } },
    ];
    for (const c of cases) {
      const res = await svc.app.inject({ method: 'PUT', url: c.url, headers: admin(), payload: c.payload });
      expect(res.statusCode, JSON.stringify(c)).toBe(400);
      expect(Object.keys(res.json()).sort()).toEqual(['code', 'error', 'message']);
    }
    const cors = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/security',
      headers: admin(),
      payload: { corsOrigins: ['nope'] },
    });
    expect(cors.json().message).toBe('Each CORS origin must be a URL such as https://example.com');
    const unknown = await svc.app.inject({ method: 'PUT', url: '/api/admin/settings/colours', headers: admin(), payload: {} });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('Unknown settings section');
    const malformed = await svc.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/general',
      headers: { ...admin(), 'content-type': 'application/json' },
      payload: '{"siteName":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON' });
  });

  it('puts the database back on the topic at start-up when the topic holds a stale value', async () => {
    // The database says 300 (saved above). A value it never had reaches the compacted topic, as
    // from a database restored from a backup while the broker kept its data.
    await publishEvent(svc, 'site-settings.updated', { section: 'moderation', values: { maxPostLength: 999, badWords: [] } }, 'moderation');
    await eventually(() => svc.ctx.siteSettings.current().moderation.maxPostLength === 999);

    // Another start of the service (a replica, or the same pod restarted) corrects the topic...
    // Without consumers: the in-memory bus refuses a second subscription of the same group in one process.
    const definition = { ...createAdminService(), consumers: undefined };
    const replica = await startService(
      { ...definition, schema: svc.ctx.schema },
      { env: testEnv(), log: testLog, adapters: svc.adapters, ownsAdapters: false, listen: false },
    );
    try {
      await eventually(() => svc.ctx.siteSettings.current().moderation.maxPostLength === 300);
      // ...so a service starting later, reading the topic from its beginning, ends on the database's values.
      const late = await watchSiteSettings(svc.adapters.bus, testLog, 'late-reader');
      try {
        await eventually(() => late.current().moderation.maxPostLength === 300 && late.current().general.siteName === 'Kora NG');
      } finally {
        await late.stop();
      }
    } finally {
      await replica.stop();
    }
  });
});
