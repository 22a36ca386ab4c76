/** The theme the page is shown in (decision 043), as the root loader found it; System when it has none (an error screen). */
import type { Theme } from '@kora/contracts';
import { useRouteLoaderData } from '@remix-run/react';
import type { RootLoaderData } from './layout-data';

export function usePageTheme(): Theme {
  return useRouteLoaderData<RootLoaderData>('root')?.theme ?? 'system';
}
