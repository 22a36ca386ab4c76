import { useRouteLoaderData } from '@remix-run/react';
import type { AppLoaderData } from './layout-data';
import type { CurrentUser } from './user';

/** The signed-in member, from the member layout's loader (routes/_app.tsx); null outside it. */
export function useCurrentUser(): CurrentUser | null {
  return useRouteLoaderData<AppLoaderData>('routes/_app')?.user ?? null;
}
