import { afterEach, describe, expect, it, vi } from 'vitest';
import { devMailEnabled, forgetDevMailCheck, loadDevMailbox } from './dev-mail.server';

const request = new Request('http://web.test/dev/mail');

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDevMailCheck();
});

describe('loadDevMailbox', () => {
  it('lists mails newest first', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json([
          { id: 1, to: 'a@x.test', subject: 'Old', text: 't', links: [], createdAt: '2026-01-01T00:00:00Z' },
          { id: '2', to: 'a@x.test', subject: 'New', text: 't', createdAt: '2026-01-02T00:00:00Z' },
        ]),
      ),
    );
    const box = await loadDevMailbox(request);
    expect(box.state === 'on' && box.mails.map((m) => [m.id, m.subject, m.links])).toEqual([
      ['2', 'New', []],
      ['1', 'Old', []],
    ]);
  });

  it('is off on 404 and an error otherwise', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ error: 'x', message: 'x', code: 'NOT_FOUND' }, { status: 404 })));
    expect(await loadDevMailbox(request)).toEqual({ state: 'off' });
    vi.stubGlobal('fetch', vi.fn(async () => new Response('oops', { status: 500 })));
    expect(await loadDevMailbox(request)).toEqual({ state: 'error' });
  });
});

describe('devMailEnabled', () => {
  it('asks at most every 30 s', async () => {
    const spy = vi.fn(async () => Response.json([]));
    vi.stubGlobal('fetch', spy);
    expect(await devMailEnabled(request, 0)).toBe(true);
    expect(await devMailEnabled(request, 10_000)).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
    await devMailEnabled(request, 40_001);
    expect(spy).toHaveBeenCalledTimes(2);
  });
});
