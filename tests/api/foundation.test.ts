/**
 * The foundation through the real gateway, in whichever mode the harness started (KORA_MODE):
 * routing to every service, identity at the edge (forged headers refused, roles enforced), the
 * error shape, request ids, security headers, docs, and a stopped service answering 503.
 */
import { serviceNames } from '@kora/contracts';
import { eventually } from '@kora/testing';
import { describe, expect, it } from 'vitest';
import { api, bearer, canControl, control, MODE } from './support/product.js';

describe(`foundation through the gateway (${MODE})`, () => {
  it('reaches every service', async () => {
    const res = await api('/api/health/services');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { services: Record<string, string> };
    expect(Object.keys(body.services).sort()).toEqual([...serviceNames, 'web'].sort().filter((n) => n in body.services));
    for (const name of serviceNames) expect(body.services[name], name).toBe('ok');
  });

  it('answers its own health checks', async () => {
    expect(await (await api('/healthz')).json()).toEqual({ status: 'ok', service: 'gateway' });
    expect((await api('/readyz')).status).toBe(200);
  });

  it('passes a verified identity to the service and refuses a forged one', async () => {
    const anonymous = await api('/api/auth/session');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      error: 'Please sign in to continue',
      message: 'Please sign in to continue',
      code: 'UNAUTHENTICATED',
    });

    const forged = await api('/api/auth/session', {
      headers: {
        'x-kora-identity':
          Buffer.from(JSON.stringify({ userId: 1, role: 'admin', sessionId: 'x', exp: 9e12 })).toString('base64url') + '.AAAA',
      },
    });
    expect(forged.status).toBe(401);

    const member = await api('/api/auth/session', { headers: await bearer({ userId: 42 }) });
    expect(member.status).toBe(200);
    expect(await member.json()).toEqual({ userId: 42, role: 'user', sessionId: 'test-42' });

    const garbage = await api('/api/auth/session', { headers: { authorization: 'Bearer not-a-token' } });
    expect(garbage.status).toBe(401);
    expect(garbage.headers.get('x-kora-auth')).toBe('invalid-token');
  });

  it('enforces roles on an admin route: anonymous 401, member 403, admin 200', async () => {
    expect((await api('/api/admin/settings')).status).toBe(401);
    expect((await api('/api/admin/settings', { headers: await bearer({ userId: 42 }) })).status).toBe(403);
    const admin = await api('/api/admin/settings', { headers: await bearer({ userId: 1, role: 'admin' }) });
    expect(admin.status).toBe(200);
    expect(await admin.json()).toMatchObject({ moderation: { maxPostLength: expect.any(Number) } });
  });

  it('carries a JSON body through to the service and its validation message back', async () => {
    const headers = { ...(await bearer({ userId: 1, role: 'admin' })), 'content-type': 'application/json' };
    const bad = await api('/api/admin/settings/storage', { method: 'PUT', headers, body: JSON.stringify({ maxUploadMB: 0 }) });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'Max upload must be at least 1 MB',
      message: 'Max upload must be at least 1 MB',
      code: 'INVALID_SETTINGS',
    });
    // The default again: other suites upload against the limit at the same time.
    const good = await api('/api/admin/settings/storage', { method: 'PUT', headers, body: JSON.stringify({ maxUploadMB: 20 }) });
    expect(good.status).toBe(200);
    expect(((await good.json()) as { values: { maxUploadMB: number } }).values.maxUploadMB).toBe(20);
  });

  it('switches a feature off at the edge when an admin turns it off, and back on', async () => {
    const headers = { ...(await bearer({ userId: 1, role: 'admin' })), 'content-type': 'application/json' };
    const setReels = (reels: boolean) => api('/api/admin/settings/features', { method: 'PUT', headers, body: JSON.stringify({ reels }) });
    const reelsCode = async () => ((await (await api('/api/reels')).json()) as { code?: string }).code;
    expect((await setReels(false)).status).toBe(200);
    try {
      await eventually(async () => (await reelsCode()) === 'FEATURE_DISABLED');
      const off = await api('/api/reels');
      expect(off.status).toBe(404);
      expect(await off.json()).toEqual({
        error: 'Reels are turned off on this site.',
        message: 'Reels are turned off on this site.',
        code: 'FEATURE_DISABLED',
      });
    } finally {
      expect((await setReels(true)).status).toBe(200);
    }
    // Switched on again, the request reaches the reels service (which has no reel routes yet).
    await eventually(async () => (await reelsCode()) !== 'FEATURE_DISABLED');
  });

  it('keeps the error shape for unknown API paths and malformed JSON', async () => {
    const res = await api('/api/no-such-thing');
    expect(res.status).toBe(404);
    const body = (await res.json()) as Record<string, string>;
    expect(Object.keys(body).sort()).toEqual(['code', 'error', 'message']);
    expect(body.code).toBe('NOT_FOUND');

    const malformed = await api('/api/admin/settings/general', {
      method: 'PUT',
      headers: { ...(await bearer({ userId: 1, role: 'admin' })), 'content-type': 'application/json' },
      body: '{"siteName":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({
      error: 'The request body is not valid JSON',
      message: 'The request body is not valid JSON',
      code: 'BAD_REQUEST',
    });
  });

  it('echoes a request id and sends security headers', async () => {
    const res = await api('/api/auth/session', { headers: { 'x-request-id': 'test-req-123' } });
    expect(res.headers.get('x-request-id')).toBe('test-req-123');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-site');
    const generated = await api('/api/auth/session');
    expect(generated.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._:-]{8,}$/);
  });

  it('serves the web app with a nonce-based CSP, and sends signed-out visitors of / to /login', async () => {
    const home = await api('/');
    expect(home.status).toBe(302);
    expect(home.headers.get('location')).toMatch(/^\/login/);
    const login = await api('/login');
    expect(login.status).toBe(200);
    const csp = login.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await login.text();
    expect(html).toContain(`nonce="${nonce}"`);
  });

  it('publishes merged OpenAPI docs for integrators', async () => {
    const res = await api('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths).toHaveProperty(['/api/admin/settings']);
    expect(doc.paths).toHaveProperty(['/api/auth/session']);
    const page = await api('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
  });

  it.skipIf(!canControl)(
    'answers 503 with the error shape while a service is down, and recovers',
    async () => {
      await control('stop', 'admin');
      try {
        const res = await api('/api/admin/settings', { headers: await bearer({ userId: 1, role: 'admin' }) });
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({
          error: 'The admin service is unavailable. Please try again shortly.',
          message: 'The admin service is unavailable. Please try again shortly.',
          code: 'SERVICE_UNAVAILABLE',
        });
        const health = (await (await api('/api/health/services')).json()) as { services: Record<string, string> };
        expect(health.services.admin).toBe('down');
        expect(health.services.auth).toBe('ok');
      } finally {
        await control('start', 'admin');
      }
      const back = await api('/api/admin/settings', { headers: await bearer({ userId: 1, role: 'admin' }) });
      expect(back.status).toBe(200);
    },
    90_000,
  );
});
