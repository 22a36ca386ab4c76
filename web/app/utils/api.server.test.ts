import { afterEach, describe, expect, it, vi } from 'vitest';
import { inLocale } from '@kora/contracts';
import { z } from 'zod';
import { ApiError, apiFetch, forwardedHeaders, isClientError } from './api.server';

const member = new Request('http://web.test/friends', {
  headers: { cookie: 'kora_at=tok.en.value', 'x-request-id': 'req-1' },
});

function stubFetch(response: Response) {
  const spy = vi.fn(async (_url: URL, _init: RequestInit) => response.clone());
  vi.stubGlobal('fetch', spy);
  return spy;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiFetch', () => {
  it('calls the gateway with the bearer token and request id', async () => {
    const spy = stubFetch(Response.json({ id: 7 }));
    const data = await apiFetch(member, '/api/users/7', { schema: z.object({ id: z.number() }) });
    expect(data).toEqual({ id: 7 });
    const [url, init] = spy.mock.calls[0]!;
    expect(String(url)).toBe('http://127.0.0.1:8080/api/users/7');
    const headers = new Headers(init.headers);
    expect(headers.get('authorization')).toBe('Bearer tok.en.value');
    expect(headers.get('x-request-id')).toBe('req-1');
    expect(init.method).toBe('GET');
  });

  it('streams a ReadableStream body (duplex half) with the content type given', async () => {
    const spy = stubFetch(Response.json({ urls: [] }));
    const body = new Blob(['--b\r\n']).stream();
    await apiFetch(member, '/api/media/upload', { method: 'POST', body, headers: { 'content-type': 'multipart/form-data; boundary=b' } });
    const init = spy.mock.calls[0]![1] as RequestInit & { duplex?: string };
    expect(init.duplex).toBe('half');
    expect(init.body).toBe(body);
    expect(new Headers(init.headers).get('content-type')).toBe('multipart/form-data; boundary=b');
  });

  it('passes on the client address chain and the browser user agent', async () => {
    const spy = stubFetch(Response.json({}));
    const fromMember = new Request('http://web.test/login', {
      headers: { 'x-forwarded-for': '203.0.113.7', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0' },
    });
    await apiFetch(fromMember, '/api/signin', { json: {}, token: null });
    const headers = new Headers(spy.mock.calls[0]![1].headers);
    expect(headers.get('x-forwarded-for')).toBe('203.0.113.7');
    expect(headers.get('user-agent')).toBe('Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0');
  });

  it("asks for the page's language, whatever the browser asked for", async () => {
    const spy = stubFetch(Response.json({}));
    const fromMember = new Request('http://web.test/friends', { headers: { 'accept-language': 'fr-FR' } });
    await inLocale({ language: 'pcm' }, () => apiFetch(fromMember, '/api/friends'));
    await apiFetch(fromMember, '/api/friends');
    expect(new Headers(spy.mock.calls[0]![1].headers).get('accept-language')).toBe('pcm');
    expect(new Headers(spy.mock.calls[1]![1].headers).get('accept-language')).toBe('en');
  });

  it('appends the chain to one the caller already set', () => {
    const request = new Request('http://web.test/', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    const headers = forwardedHeaders(request, new Headers({ 'x-forwarded-for': '10.0.0.1' }));
    expect(headers.get('x-forwarded-for')).toBe('10.0.0.1, 203.0.113.7');
  });

  it('passes the page’s trace context on, so the gateway continues the page’s trace', async () => {
    const spy = stubFetch(Response.json({}));
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await apiFetch(new Request('http://web.test/', { headers: { traceparent, tracestate: 'web=1' } }), '/api/users/7');
    await apiFetch(member, '/api/users/7');
    const [first, second] = spy.mock.calls.map(([, init]) => new Headers(init.headers));
    expect(first!.get('traceparent')).toBe(traceparent);
    expect(first!.get('tracestate')).toBe('web=1');
    expect(second!.has('traceparent')).toBe(false);
    expect(second!.has('tracestate')).toBe(false);
  });

  it('uses an explicit token instead of the cookie, or none at all', async () => {
    const spy = stubFetch(Response.json({}));
    await apiFetch(member, '/api/users/7', { token: 'fresh.token' });
    await apiFetch(member, '/api/signin', { json: {}, token: null });
    expect(new Headers(spy.mock.calls[0]![1].headers).get('authorization')).toBe('Bearer fresh.token');
    expect(new Headers(spy.mock.calls[1]![1].headers).has('authorization')).toBe(false);
  });

  it('sends JSON bodies as POST by default', async () => {
    const spy = stubFetch(new Response(null, { status: 204 }));
    await apiFetch(member, '/api/saves', { json: { postId: 3 } });
    const [, init] = spy.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"postId":3}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('turns the gateway error shape into an ApiError', async () => {
    stubFetch(Response.json({ error: 'User not found', message: 'User not found', code: 'USER_NOT_FOUND' }, { status: 404 }));
    const error = await apiFetch(member, '/api/users/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'USER_NOT_FOUND', message: 'User not found' });
    expect(isClientError(error)).toBe(true);
    expect(isClientError(new ApiError(503, 'GATEWAY_UNREACHABLE', 'x'))).toBe(false);
  });

  it('reports an unreachable gateway as 503 and a wrong shape as 502', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('fetch failed'))),
    );
    await expect(apiFetch(member, '/api/posts')).rejects.toMatchObject({ status: 503 });
    stubFetch(Response.json({ id: 'x' }));
    await expect(apiFetch(member, '/api/users/1', { schema: z.object({ id: z.number() }) })).rejects.toMatchObject({
      status: 502,
    });
  });
});
