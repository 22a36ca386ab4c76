import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { gatewayOverFakes } from './test-support.js';

const PARTNER = 'https://partner.example';
const edge = gatewayOverFakes({ CORS_ORIGINS: `${PARTNER}, https://other.example` });

async function call(path: string, init: Parameters<typeof request>[1] = {}) {
  const res = await request(`${edge.gateway.url}${path}`, init);
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

describe('request ids', () => {
  it('generates one, echoes it and forwards it', async () => {
    const res = await call('/api/posts');
    const id = res.headers['x-request-id'];
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(edge.fakes.hits[0]!.headers['x-request-id']).toBe(id);
  });

  it('keeps a well-formed incoming id', async () => {
    const res = await call('/api/posts', { headers: { 'x-request-id': 'lb:abc-123.x_y' } });
    expect(res.headers['x-request-id']).toBe('lb:abc-123.x_y');
    expect(edge.fakes.hits[0]!.headers['x-request-id']).toBe('lb:abc-123.x_y');
  });

  it('replaces a malformed one', async () => {
    const res = await call('/', { headers: { 'x-request-id': 'bad id <script>' } });
    expect(res.headers['x-request-id']).not.toBe('bad id <script>');
    expect(edge.fakes.hits[0]!.headers['x-request-id']).toBe(res.headers['x-request-id']);
  });
});

describe('security headers', () => {
  const expected = {
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    'cross-origin-opener-policy': 'same-origin',
  };

  it('are on a page, and upstream software headers are gone', async () => {
    const res = await call('/');
    expect(res.headers).toMatchObject(expected);
    expect(res.headers.server).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  // JSON answers keep what an API needs and nothing a fetch ignores (decision 019).
  it.each(['/api/posts', '/api/nope', '/healthz'])('are the JSON set on %s, and upstream software headers are gone', async (path) => {
    const res = await call(path);
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'cross-origin-resource-policy': 'same-site',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
    });
    expect(res.headers['permissions-policy']).toBeUndefined();
    expect(res.headers['x-xss-protection']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('gives HTML from the web app a CSP whose nonce is the one sent to the web app', async () => {
    const res = await call('/feed');
    const nonce = edge.fakes.hits[0]!.headers['x-csp-nonce'] as string;
    expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    expect(res.text).toContain(`nonce="${nonce}"`);
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'self'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; ` +
        "img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self' ws: wss:; font-src 'self' data:; " +
        "object-src 'none'; base-uri 'self'; frame-ancestors 'none'; form-action 'self'",
    );
  });

  it('makes a fresh nonce per request and never lets the client choose it', async () => {
    await call('/', { headers: { 'x-csp-nonce': 'chosen-by-attacker' } });
    await call('/');
    const [a, b] = edge.fakes.hits.map((h) => h.headers['x-csp-nonce']);
    expect(a).not.toBe('chosen-by-attacker');
    expect(a).not.toBe(b);
  });

  it('sends the nonce only to the web app', async () => {
    await call('/api/posts');
    expect(edge.fakes.hits[0]!.headers['x-csp-nonce']).toBeUndefined();
  });

  it('tells services who the client is via X-Forwarded-For, not what the client claimed', async () => {
    await call('/api/posts', { headers: { 'x-forwarded-for': '6.6.6.6', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.test' } });
    // TRUST_PROXY names no proxy by default: the claim is ignored and the socket's address goes on.
    expect(edge.fakes.hits[0]!.headers['x-forwarded-for']).toBe('127.0.0.1');
    // Protocol and host only matter to the web app (links, cookies): services get none.
    expect(edge.fakes.hits[0]!.headers['x-forwarded-proto']).toBeUndefined();
    expect(edge.fakes.hits[0]!.headers['x-forwarded-host']).toBeUndefined();
  });

  it('tells the web app how the browser reached us', async () => {
    await call('/feed', {});
    expect(edge.fakes.hits[0]).toMatchObject({ upstream: 'web' });
    expect(edge.fakes.hits[0]!.headers['x-forwarded-proto']).toBe('http');
    expect(edge.fakes.hits[0]!.headers['x-forwarded-host']).toBe(new URL(edge.gateway.url).host);
  });

  it("never hands a member's bearer token to a service: the signed identity stands for it", async () => {
    await call('/api/posts', { headers: { authorization: 'Bearer not-for-services' } });
    expect(edge.fakes.hits[0]!.headers.authorization).toBeUndefined();
  });
});

describe('CORS', () => {
  it('answers an allowed preflight for /api itself', async () => {
    const res = await call('/api/posts', {
      method: 'OPTIONS',
      headers: { origin: PARTNER, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(String(res.headers['access-control-allow-methods'])).toContain('PATCH');
    expect(edge.fakes.hits).toHaveLength(0);
  });

  it('exposes x-request-id to an allowed origin and keeps Vary: Origin on proxied answers', async () => {
    const res = await call('/api/posts', { headers: { origin: PARTNER } });
    expect(res.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(String(res.headers['access-control-expose-headers']).toLowerCase()).toContain('x-request-id');
    expect(String(res.headers.vary)).toMatch(/origin/i);
  });

  it("passes a list page's Link and X-Next-Cursor on, and exposes them to an allowed origin", async () => {
    const res = await call('/api/posts/paged.json', { headers: { origin: PARTNER } });
    expect(res.headers.link).toBe('</api/posts/paged.json?cursor=abc&limit=1>; rel="next"');
    expect(res.headers['x-next-cursor']).toBe('abc');
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase().split(/,\s*/);
    expect(exposed).toEqual(expect.arrayContaining(['link', 'x-next-cursor']));
  });

  it('gives other origins, and pages, no CORS headers', async () => {
    const foreign = await call('/api/posts', { headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const page = await call('/', { headers: { origin: PARTNER } });
    expect(page.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses preflights from other origins', async () => {
    const res = await call('/api/posts', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('routes a plain OPTIONS request on like any other', async () => {
    const res = await call('/api/posts', { method: 'OPTIONS' });
    expect(res.status).toBe(200);
    expect(edge.fakes.hits[0]).toMatchObject({ upstream: 'posts', method: 'OPTIONS' });
  });
});

describe("the gateway's own server", () => {
  it('bounds slow clients (slowloris) without cutting slow uploads short', () => {
    const server = edge.gateway.app.server;
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(300_000);
    expect(server.keepAliveTimeout).toBe(72_000);
    // Idle sockets wait longer than an upstream may take, so a slow service yields a 504, not a reset.
    expect(server.timeout).toBe(15_000 + 10_000);
  });
});

describe('bodies are streamed through untouched', () => {
  function multipart(file: Buffer, boundary: string): Buffer {
    return Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="caption"\r\n\r\nhello\r\n`),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="v.mp4"\r\ncontent-type: video/mp4\r\n\r\n`),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
  }

  it('a 2 MB multipart upload arrives byte for byte', async () => {
    const boundary = '----kora' + randomBytes(8).toString('hex');
    const body = multipart(randomBytes(2 * 1024 * 1024), boundary);
    const res = await call('/api/media/upload', {
      method: 'POST',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    });
    expect(res.status).toBe(200);
    const hit = edge.fakes.hits[0]!;
    expect(hit.bodyBytes).toBe(body.length);
    expect(hit.bodySha256).toBe(createHash('sha256').update(body).digest('hex'));
    expect(hit.headers['content-type']).toBe(`multipart/form-data; boundary=${boundary}`);
  });

  it('a chunked upload of unknown length is streamed too', async () => {
    const chunks = Array.from({ length: 32 }, () => randomBytes(64 * 1024));
    const res = await call('/api/media/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Readable.from(chunks),
    });
    expect(res.status).toBe(200);
    const whole = Buffer.concat(chunks);
    expect(edge.fakes.hits[0]!.bodyBytes).toBe(whole.length);
    expect(edge.fakes.hits[0]!.bodySha256).toBe(createHash('sha256').update(whole).digest('hex'));
  });

  it('JSON is passed on as sent, not re-serialised', async () => {
    const json = '{ "b": 1,   "a": [ 2 ] }';
    await call('/api/posts', { method: 'POST', headers: { 'content-type': 'application/json' }, body: json });
    expect(edge.fakes.hits[0]!.bodySha256).toBe(createHash('sha256').update(json).digest('hex'));
  });

  it('a body without a content type goes through as well', async () => {
    await call('/api/posts', { method: 'PUT', body: 'raw bytes' });
    expect(edge.fakes.hits[0]!.bodyBytes).toBe(9);
  });
});
