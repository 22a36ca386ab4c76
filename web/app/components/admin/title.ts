/**
 * Page titles of the back office: "<Page> · Admin · <siteName>" (decision 024). The site's name is
 * the one an admin set (general.siteName, from GET /api/site, loaded by the /admin layout), falling
 * back to the product name the root loader exposes.
 */
import { adminScreenTexts as t } from '@kora/contracts';
import { titleAndDescription } from '~/utils/page-meta';
import { siteNameFromMatches } from '~/utils/site';

export const ADMIN_LAYOUT_ROUTE_ID = 'routes/admin';

export interface AdminLayoutData {
  siteName: string;
}

export function adminTitle(page: string, siteName: string): string {
  return t.pageTitle(page, siteName);
}

type Matches = ReadonlyArray<{ id: string; data: unknown }>;

/** The site name inside a meta function: the admin layout's, else the root's. */
export function adminSiteName(matches: Matches): string {
  const layout = matches.find((match) => match.id === ADMIN_LAYOUT_ROUTE_ID)?.data as Partial<AdminLayoutData> | undefined;
  return layout?.siteName || siteNameFromMatches(matches);
}

/** A route's meta: `export const meta = adminMeta(() => t.users)` (the page's name read in its language). */
export function adminMeta(page: () => string) {
  return ({ matches }: { matches: Matches }) => titleAndDescription(adminTitle(page(), adminSiteName(matches)), t.description);
}
