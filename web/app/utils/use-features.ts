import type { Feature, SiteInfo } from '@kora/contracts';
import { useAppLayout } from './use-app-layout';

// Written out rather than taken from the contracts' defaults: that module holds the settings'
// zod schemas, which must stay out of the browser's first load.
const ALL_ON: SiteInfo['features'] = { stories: true, reels: true, groups: true, payments: true };

/** The switchable features an admin left on, from the member layout's loader (all on outside it). */
export function useFeatures(): SiteInfo['features'] {
  return useAppLayout()?.features ?? ALL_ON;
}

export function useFeatureOn(feature: Feature): boolean {
  return useFeatures()[feature];
}
