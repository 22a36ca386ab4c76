import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchOnline } from './presence.server';

const request = new Request('http://web.test/friends');

afterEach(() => vi.unstubAllGlobals());

describe('fetchOnline', () => {
  it('asks once for each id (at most 100) and answers the online ones', async () => {
    const spy = vi.fn(async (_url: string | URL) =>
      Response.json([
        { userId: 3, online: true },
        { userId: 4, online: false },
      ]),
    );
    vi.stubGlobal('fetch', spy);
    expect(await fetchOnline(request, 'token', [3, 4, 3])).toEqual([3]);
    expect(String(spy.mock.calls[0]![0])).toMatch(/\/api\/presence\?ids=3,4$/);
    await fetchOnline(
      request,
      'token',
      Array.from({ length: 150 }, (_, i) => i + 1),
    );
    expect(new URL(String(spy.mock.calls[1]![0])).searchParams.get('ids')!.split(',')).toHaveLength(100);
  });

  it('asks nothing for no ids, and answers nobody when the call fails or answers another shape', async () => {
    const spy = vi.fn(async () => new Response('oops', { status: 500 }));
    vi.stubGlobal('fetch', spy);
    expect(await fetchOnline(request, 'token', [])).toEqual([]);
    expect(spy).not.toHaveBeenCalled();
    expect(await fetchOnline(request, 'token', [1])).toEqual([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ online: [1] })),
    );
    expect(await fetchOnline(request, 'token', [1])).toEqual([]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('down'))),
    );
    expect(await fetchOnline(request, 'token', [1])).toEqual([]);
  });
});
