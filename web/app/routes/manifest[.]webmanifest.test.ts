import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetSiteFeatures } from '~/utils/site-info.server';
import { loader } from './manifest[.]webmanifest';

const allOn = { stories: true, reels: true, groups: true, payments: true };

afterEach(() => forgetSiteFeatures());

async function manifestFor(siteAnswer: () => Response) {
  const spy = vi.fn(async () => siteAnswer());
  vi.stubGlobal('fetch', spy);
  const response = await loader({ request: new Request('http://web.test/manifest.webmanifest'), params: {}, context: { cspNonce: '' } });
  return { response, spy };
}

describe('/manifest.webmanifest', () => {
  it('is named after the site as the admin set it, as a manifest the browser can read', async () => {
    const { response, spy } = await manifestFor(() => Response.json({ siteName: 'Kora Community Lagos', features: allOn }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(String((spy.mock.calls[0] as unknown[])[0])).toContain('/api/site');
    expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = await response.json();
    expect(manifest).toMatchObject({
      name: 'Kora Community Lagos',
      short_name: 'Kora',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0a7d4f',
    });
    expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
  });

  it('still answers, with the default name, when the gateway cannot say', async () => {
    const { response } = await manifestFor(() => new Response('down', { status: 503 }));
    expect(response.status).toBe(200);
    expect((await response.json()).name).toBe('Kora');
  });
});
