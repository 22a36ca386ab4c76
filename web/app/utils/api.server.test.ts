import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiFetch } from './api.server';

const member = new Request('http://web.test/friends', {
  headers: { cookie: 'kora_at=tok.en.value', 'x-request-id': 'req-1' },
});

function stubFetch(response: Response) {
  const spy = vi.fn(async (_url: URL, _init: RequestInit) => response);
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

  it('sends JSON bodies as POST by default', async () => {
    const spy = stubFetch(new Response(null, { status: 204 }));
    await apiFetch(member, '/api/saves', { json: { postId: 3 } });
    const [, init] = spy.mock.calls[0]!;
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"postId":3}');
    expect(new Headers(init.headers).get('content-type')).toBe('application/json');
  });

  it('turns the gateway error shape into an ApiError', async () => {
    stubFetch(Response.json({ error: 'Not Found', message: 'User not found', code: 'USER_NOT_FOUND' }, { status: 404 }));
    const error = await apiFetch(member, '/api/users/9').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'USER_NOT_FOUND', message: 'User not found', error: 'Not Found' });
  });

  it('reports an unreachable gateway as 503 and a wrong shape as 502', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('fetch failed'))));
    await expect(apiFetch(member, '/api/posts')).rejects.toMatchObject({ status: 503 });
    stubFetch(Response.json({ id: 'x' }));
    await expect(apiFetch(member, '/api/users/1', { schema: z.object({ id: z.number() }) })).rejects.toMatchObject({
      status: 502,
    });
  });
});
