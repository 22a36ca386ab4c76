import { useRouteLoaderData } from '@remix-run/react';
import type { RootLoaderData } from './layout-data';

export const DEFAULT_SITE_NAME = 'Kora';

/** The product name from PUBLIC_SITE_NAME, as the root loader exposes it. */
export function useSiteName(): string {
  return useRouteLoaderData<RootLoaderData>('root')?.ENV.SITE_NAME ?? DEFAULT_SITE_NAME;
}

/** "News Feed | Kora" — page titles in meta functions. */
export function pageTitle(page: string | null, siteName: string = DEFAULT_SITE_NAME): string {
  return page ? `${page} | ${siteName}` : siteName;
}

/** The site name inside a meta function, where hooks cannot be used. */
export function siteNameFromMatches(matches: ReadonlyArray<{ id: string; data: unknown }>): string {
  const root = matches.find((match) => match.id === 'root')?.data as { ENV?: { SITE_NAME?: string } } | undefined;
  return root?.ENV?.SITE_NAME ?? DEFAULT_SITE_NAME;
}
