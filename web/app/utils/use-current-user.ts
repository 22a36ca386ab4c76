import { useRouteLoaderData } from '@remix-run/react';
import type { loader as appLoader } from '~/routes/_app';
import type { CurrentUser } from './user';

/** The signed-in member, from the member layout's loader (routes/_app.tsx); null outside it. */
export function useCurrentUser(): CurrentUser | null {
  return useRouteLoaderData<typeof appLoader>('routes/_app')?.user ?? null;
}
