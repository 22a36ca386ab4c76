/**
 * What the group pages' loaders share: whether groups are on (the layout's cached answer, and the
 * gateway's 404 FEATURE_DISABLED for a switch made since), and the tab a URL asks for.
 */
import { ErrorCode } from '@kora/contracts';
import { isApiError } from './api.server';
import { featureOn } from './site-info.server';

export function groupsOn(request: Request): Promise<boolean> {
  return featureOn(request, 'groups');
}

/** The gateway refused because groups were turned off (after the cached answer said on). */
export function isGroupsOff(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.FeatureDisabled;
}

/** `?tab=` when it is one of `tabs`, else the first. */
export function tabFrom<T extends string>(url: URL, tabs: readonly T[]): T {
  const asked = url.searchParams.get('tab');
  return tabs.find((tab) => tab === asked) ?? tabs[0]!;
}
