import { offlineTexts } from '@kora/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DARK_THEME_COLOR, THEME_COLOR } from '~/utils/app-colors';
import { forgetSiteFeatures } from '~/utils/site-info.server';
import { loader } from './offline[.]html';

const allOn = { stories: true, reels: true, groups: true, payments: true };

afterEach(() => forgetSiteFeatures());

describe('/offline.html', () => {
  it('is a whole page in the product voice, with a way to try again and no script', async () => {
    vi.stubGlobal('fetch', async () => Response.json({ siteName: 'Kora Lagos', features: allOn }));
    const response = await loader({ request: new Request('http://web.test/offline.html'), params: {}, context: { cspNonce: '' } });
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="en"[^>]*>/);
    expect(html).toContain(`<title>${offlineTexts.title} | Kora Lagos</title>`);
    expect(html).toMatch(new RegExp(`<h1 [^>]*>${offlineTexts.heading}</h1>`));
    expect(html).toContain(offlineTexts.body);
    expect(html).toMatch(new RegExp(`<a href="" [^>]*>${offlineTexts.retry}</a>`));
    // Its logo travels inside it: offline, nothing else can be fetched.
    expect(html).toMatch(/<img src="data:image\/svg\+xml,[^"]+" alt="Kora Lagos"/);
    expect(html).not.toContain('<script');
  });

  it("follows the device's theme: it is the same for everyone and cannot know a member's choice", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ siteName: 'Kora', features: allOn }));
    const html = await (
      await loader({ request: new Request('http://web.test/offline.html'), params: {}, context: { cspNonce: '' } })
    ).text();
    // The stylesheet's System theme: dark under the device's dark preference, by CSS alone.
    expect(/<html[^>]*>/.exec(html)?.[0]).toContain('data-theme="system"');
    expect(html).toContain(`<meta name="theme-color" content="${THEME_COLOR}" media="(prefers-color-scheme: light)"/>`);
    expect(html).toContain(`<meta name="theme-color" content="${DARK_THEME_COLOR}" media="(prefers-color-scheme: dark)"/>`);
    // The dark drawing of the logo, inside the page too, picked by the same preference.
    const source = /<source srcSet="(data:image\/svg\+xml,[^"]+)" media="\(prefers-color-scheme: dark\)"\/>/.exec(html)?.[1];
    expect(decodeURIComponent(source ?? '')).toContain('fill="#4fc892">kora</text>');
  });
});
