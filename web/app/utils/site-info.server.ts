/**
 * Which switchable features are on (`GET /api/site`, answered by the gateway from its live view of
 * the site settings). Every member page's layout asks, so the answer is kept for a few seconds in
 * this process: an admin's switch shows within that time, and a page view costs no extra call.
 * A gateway that cannot say leaves every feature on: the API still refuses what is off (404), and
 * hiding the menu for a hiccup would be worse than showing a link that says "turned off".
 */
import { defaultSiteSettings, SITE_INFO_PATH, type Feature, type SiteInfo } from '@kora/contracts';
import { z } from 'zod';
import { apiFetch } from './api.server';

const CACHE_MS = 3_000;
const LOOKUP_TIMEOUT_MS = 2_000;

export type Features = SiteInfo['features'];

const siteInfoSchema = z.object({
  siteName: z.string(),
  features: z.object({ stories: z.boolean(), reels: z.boolean(), groups: z.boolean(), payments: z.boolean() }),
  // Optional so a gateway older than the sign-ups switch still answers; absent means open.
  allowSignups: z.boolean().default(defaultSiteSettings.general.allowSignups),
});

/** What the gateway says of the site; the fallback when it cannot say is the defaults. */
const fallbackInfo: SiteInfo = {
  siteName: defaultSiteSettings.general.siteName,
  features: defaultSiteSettings.features,
  allowSignups: defaultSiteSettings.general.allowSignups,
};

let cached: { info: SiteInfo; until: number } | null = null;
let inFlight: Promise<SiteInfo> | null = null;

async function lookUp(request: Request): Promise<SiteInfo> {
  try {
    const info = await apiFetch(request, SITE_INFO_PATH, { schema: siteInfoSchema, token: null, timeoutMs: LOOKUP_TIMEOUT_MS });
    cached = { info, until: Date.now() + CACHE_MS };
    return info;
  } catch {
    return cached?.info ?? fallbackInfo;
  } finally {
    inFlight = null;
  }
}

/** The public site settings now (at most a few seconds old). Never throws. */
export function siteInfo(request: Request): Promise<SiteInfo> {
  if (cached && cached.until > Date.now()) return Promise.resolve(cached.info);
  inFlight ??= lookUp(request);
  return inFlight;
}

/** The features switched on now (at most a few seconds old). Never throws. */
export async function siteFeatures(request: Request): Promise<Features> {
  return (await siteInfo(request)).features;
}

export async function featureOn(request: Request, feature: Feature): Promise<boolean> {
  return (await siteFeatures(request))[feature];
}

/** Tests: forget the cached answer. */
export function forgetSiteFeatures(): void {
  cached = null;
}
