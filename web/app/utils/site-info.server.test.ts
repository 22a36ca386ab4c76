import { afterEach, describe, expect, it, vi } from 'vitest';
import { featureOn, forgetSiteFeatures, siteFeatures, siteInfo } from './site-info.server';

const request = new Request('http://web.test/groups');
const allOn = { stories: true, reels: true, groups: true, payments: true };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  forgetSiteFeatures();
});

function stubSite(answer: () => Response) {
  const spy = vi.fn(async () => answer());
  vi.stubGlobal('fetch', spy);
  return spy;
}

describe('siteFeatures', () => {
  it("answers the gateway's switches and asks again only after a few seconds", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const spy = stubSite(() => Response.json({ siteName: 'Kora', features: { ...allOn, groups: false } }));
    expect(await featureOn(request, 'groups')).toBe(false);
    expect(await featureOn(request, 'reels')).toBe(true);
    expect(spy).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 5_000);
    await siteFeatures(request);
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it('leaves every feature on when the gateway cannot say', async () => {
    stubSite(() => new Response('down', { status: 503 }));
    expect(await siteFeatures(request)).toEqual(allOn);
  });

  it('says whether sign-ups are open, open when the gateway does not say', async () => {
    stubSite(() => Response.json({ siteName: 'Kora Lagos', features: allOn, allowSignups: false }));
    expect(await siteInfo(request)).toEqual({ siteName: 'Kora Lagos', features: allOn, allowSignups: false });
    forgetSiteFeatures();
    stubSite(() => Response.json({ siteName: 'Kora', features: allOn }));
    expect((await siteInfo(request)).allowSignups).toBe(true);
    forgetSiteFeatures();
    stubSite(() => new Response('down', { status: 503 }));
    expect((await siteInfo(request)).allowSignups).toBe(true);
  });
});
