import { useAppLayout } from './use-app-layout';
import type { CurrentUser } from './user';

/** The signed-in member, from the member layout's loader (routes/_app.tsx); null outside it. */
export function useCurrentUser(): CurrentUser | null {
  return useAppLayout()?.user ?? null;
}
