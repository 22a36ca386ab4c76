import { afterEach, describe, expect, it, vi } from 'vitest';
import { devMailEnabled, forgetDevMailCheck, loadDevMailbox } from './dev-mail.server';

const request = new Request('http://web.test/dev/mail');

afterEach(() => {
  vi.unstubAllGlobals();
  forgetDevMailCheck();
});

/** Answers each service's listing by its path; a path left out answers 404 (that outbox is off). */
function stubSources(answers: Record<string, () => Response>) {
  const spy = vi.fn(async (input: string | URL | Request) => {
    const path = new URL(input instanceof Request ? input.url : String(input)).pathname;
    return answers[path]?.() ?? Response.json({ error: 'x', message: 'x', code: 'DEV_OUTBOX_OFF' }, { status: 404 });
  });
  vi.stubGlobal('fetch', spy);
  return spy;
}

const mail = (id: number | string, subject: string, createdAt: string) => ({ id, to: 'a@x.test', subject, text: 't', createdAt });

describe('loadDevMailbox', () => {
  it("merges auth's, notifications' and admin's mails newest first, ids kept apart by service", async () => {
    const spy = stubSources({
      '/api/dev/mail': () =>
        Response.json([
          mail(2, 'Activate your Kora account', '2026-01-03T00:00:00Z'),
          { ...mail('1', 'Old', '2026-01-01T00:00:00Z'), links: ['http://k/1'] },
        ]),
      '/api/notifications/dev/mail': () => Response.json([mail(1, 'Your Kora daily digest', '2026-01-02T00:00:00Z')]),
      '/api/representatives/dev/mail': () =>
        Response.json([mail(1, 'Kora: we received your representative application', '2026-01-02T12:00:00Z')]),
    });
    const box = await loadDevMailbox(request);
    expect(box.state === 'on' && box.mails.map((m) => [m.id, m.subject, m.links])).toEqual([
      ['auth-2', 'Activate your Kora account', []],
      ['admin-1', 'Kora: we received your representative application', []],
      ['notifications-1', 'Your Kora daily digest', []],
      ['auth-1', 'Old', ['http://k/1']],
    ]);
    expect(box).toMatchObject({ incomplete: false });
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('still shows one source when the other fails, and says the list is incomplete', async () => {
    stubSources({
      '/api/dev/mail': () => new Response('oops', { status: 502 }),
      '/api/notifications/dev/mail': () => Response.json([mail(1, 'Your Kora daily digest', '2026-01-02T00:00:00Z')]),
    });
    expect(await loadDevMailbox(request)).toMatchObject({ state: 'on', incomplete: true, mails: [{ id: 'notifications-1' }] });
    stubSources({
      '/api/dev/mail': () => Response.json([mail(1, 'Activate your Kora account', '2026-01-02T00:00:00Z')]),
      '/api/notifications/dev/mail': () => new Response('{"not":"a list"}', { status: 200 }),
    });
    expect(await loadDevMailbox(request)).toMatchObject({ state: 'on', incomplete: true, mails: [{ id: 'auth-1' }] });
  });

  it('is off when every source is off, and an error when none is on and one failed', async () => {
    stubSources({});
    expect(await loadDevMailbox(request)).toEqual({ state: 'off' });
    stubSources({ '/api/dev/mail': () => new Response('oops', { status: 500 }) });
    expect(await loadDevMailbox(request)).toEqual({ state: 'error' });
  });
});

describe('devMailEnabled', () => {
  it('asks at most every 30 s (each source once)', async () => {
    const spy = vi.fn(async () => Response.json([]));
    vi.stubGlobal('fetch', spy);
    expect(await devMailEnabled(request, 0)).toBe(true);
    expect(await devMailEnabled(request, 10_000)).toBe(true);
    expect(spy).toHaveBeenCalledTimes(3);
    await devMailEnabled(request, 40_001);
    expect(spy).toHaveBeenCalledTimes(6);
  });
});
