/**
 * Page titles of the back office: "<Page> · Admin · <siteName>" (issue 16). The site's name is the
 * one an admin set (general.siteName, from GET /api/site, loaded by the /admin layout), falling
 * back to the product name the root loader exposes.
 */
import { siteNameFromMatches } from '~/utils/site';

export const ADMIN_LAYOUT_ROUTE_ID = 'routes/admin';

export interface AdminLayoutData {
  siteName: string;
}

export function adminTitle(page: string, siteName: string): string {
  return `${page} · Admin · ${siteName}`;
}

type Matches = ReadonlyArray<{ id: string; data: unknown }>;

/** The site name inside a meta function: the admin layout's, else the root's. */
export function adminSiteName(matches: Matches): string {
  const layout = matches.find((match) => match.id === ADMIN_LAYOUT_ROUTE_ID)?.data as Partial<AdminLayoutData> | undefined;
  return layout?.siteName || siteNameFromMatches(matches);
}

/** A route's meta: `export const meta = adminMeta('Users')`. */
export function adminMeta(page: string) {
  return ({ matches }: { matches: Matches }) => [{ title: adminTitle(page, adminSiteName(matches)) }];
}
