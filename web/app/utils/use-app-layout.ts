import { useMatches } from '@remix-run/react';
import type { AppLoaderData } from './layout-data';

/**
 * Routes whose loader answers the signed-in layout's data: the member layout, and the not-found
 * pages (null there for a signed-out visitor).
 */
const LAYOUT_ROUTES: ReadonlySet<string> = new Set(['routes/_app', 'routes/$', 'routes/not-found']);

/** The signed-in layout's data (member, unread count, feature switches), or undefined outside it. */
export function useAppLayout(): AppLoaderData | undefined {
  const match = useMatches().find((candidate) => LAYOUT_ROUTES.has(candidate.id) && candidate.data);
  return (match?.data as AppLoaderData | null | undefined) ?? undefined;
}
