// End-to-end check of the Node server over the real build (skipped until `npm run build` has run).
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { readUntil } from '@kora/testing';
import { recordSpans } from '@kora/testing/spans';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_INTERNAL_SECRET } from '../app/utils/env.server';
import { createWebServer } from './app';

const buildDir = fileURLToPath(new URL('../build', import.meta.url));
const built = existsSync(`${buildDir}/server/index.js`);

const profile = {
  visibility: 'full',
  user_id: 5,
  profileId: 'abcdefghij',
  username: 'ada',
  firstname: 'Ada',
  lastname: 'Obi',
  name: 'Ada Obi',
  profileImage: '/uploads/profile/defaultavatar.png',
  coverImage: null,
  bio: '',
  createdAt: '2026-01-05T10:00:00.000Z',
  details: { city: '', country: '', work: '', education: '', website: '' },
};

describe.skipIf(!built)('createWebServer', () => {
  let server: Server;
  let gateway: Server;
  /** The trace context of each call the stand-in gateway received. */
  const calls: { url: string; traceparent?: string; tracestate?: string }[] = [];
  let base: string;
  const member = { [IDENTITY_HEADER]: signIdentity({ userId: 5, role: 'user', sessionId: 's' }, DEV_INTERNAL_SECRET) };

  beforeAll(async () => {
    // A stand-in for the gateway: the layout loads the member's own profile, the home page the feed.
    gateway = createServer((req, res) => {
      calls.push({
        url: req.url ?? '',
        traceparent: req.headers.traceparent as string | undefined,
        tracestate: req.headers.tracestate as string | undefined,
      });
      if (req.url === '/api/users/5') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(profile));
      } else if (req.url === '/api/posts') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify([]));
      } else {
        res.statusCode = req.url === '/api/signout' ? 204 : 404;
        res.end();
      }
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    server = await createWebServer({
      buildDir,
      env: {
        GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`,
        INTERNAL_SECRET: DEV_INTERNAL_SECRET,
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // Loading the whole server build is what this starts: on a busy 2-core machine it takes seconds.
  }, 60_000);

  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await new Promise((resolve) => gateway?.close(resolve));
  });

  it('answers /healthz without touching Remix', async () => {
    const response = await fetch(`${base}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', service: 'web' });
  });

  it('serves hashed assets as immutable and unknown assets as a 404 in the error shape', async () => {
    const asset = readdirSync(`${buildDir}/client/assets`).find((name) => name.endsWith('.js'))!;
    const found = await fetch(`${base}/assets/${asset}`);
    expect(found.status).toBe(200);
    expect(found.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(found.headers.get('content-type')).toMatch(/javascript/);
    const missing = await fetch(`${base}/assets/nope-123.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/application\/json/);
    expect(await missing.json()).toEqual({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });
  });

  it('redirects a signed-out visitor to /login', async () => {
    const response = await fetch(`${base}/`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
  });

  it('renders the signed-in home with the nonce on every script', async () => {
    const response = await fetch(`${base}/`, { headers: { ...member, 'x-csp-nonce': 'Tm9uY2VWYWx1ZTEyMw==' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const html = await response.text();
    expect(html).toContain('No posts yet');
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain('nonce="Tm9uY2VWYWx1ZTEyMw=="');
  });

  it('with tracing on, answers a page under a span of its own and names that span to the gateway in each call it makes', async () => {
    const trace = '0af7651916cd43dd8448eb211c80319c';
    const gatewaySpan = 'b7ad6b7169203331';
    const asset = readdirSync(`${buildDir}/client/assets`).find((name) => name.endsWith('.js'))!;
    const recorder = recordSpans('web');
    try {
      calls.length = 0;
      const traced = { traceparent: `00-${trace}-${gatewaySpan}-01`, tracestate: 'gateway=1' };
      const page = await fetch(`${base}/?tab=new`, { headers: { ...member, ...traced } });
      expect(page.status).toBe(200);
      await page.text();
      await (await fetch(`${base}/healthz`, { headers: traced })).text();
      await (await fetch(`${base}/assets/${asset}`, { headers: traced })).text();
      const spans = await readUntil(
        async () => recorder.spans(),
        (list) => list.length > 0,
        5_000,
      );
      expect(spans).toHaveLength(1);
      const [span] = spans;
      expect(span).toMatchObject({ name: 'GET', kind: 'server', service: 'web', traceId: trace, parentSpanId: gatewaySpan });
      expect(span!.attributes).toMatchObject({ 'url.path': '/', 'http.response.status_code': 200 });
      expect(calls.length).toBeGreaterThan(0);
      for (const call of calls)
        expect(call, call.url).toEqual({ url: call.url, traceparent: `00-${trace}-${span!.spanId}-01`, tracestate: 'gateway=1' });
    } finally {
      await recorder.stop();
    }
  });

  it('answers unknown paths with 404 and clears both cookies on logout', async () => {
    expect((await fetch(`${base}/no/such/page`, { headers: member })).status).toBe(404);
    const logout = await fetch(`${base}/logout`, { method: 'POST', redirect: 'manual', headers: member });
    expect(logout.status).toBe(302);
    expect(logout.headers.get('location')).toBe('/login');
    const cookies = logout.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('kora_at=;'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('kora_rt=;'))).toBe(true);
  });
});
