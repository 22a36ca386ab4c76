/**
 * The not-found screen of /not-found and the catch-all route (decision 025): inside the app's
 * layout (top bar and menus) for a signed-in member, so they can go on from there; the standalone
 * page for anyone else. `layout` is the loader's `optionalAppLayout` answer.
 */
import { errorTexts } from '@kora/contracts';
import type { MetaFunction } from '@remix-run/node';
import { AppShell } from '~/components/layout/app-shell';
import { NotFoundView } from '~/components/not-found';
import { StandalonePage } from '~/components/standalone-page';
import type { AppLoaderData } from '~/utils/layout-data';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const notFoundMeta: MetaFunction = ({ matches }) =>
  titleAndDescription(pageTitle(errorTexts.notFoundTitle, siteNameFromMatches(matches)));

export function NotFoundScreen({ layout }: { layout: AppLoaderData | null }) {
  const siteName = useSiteName();
  if (layout) {
    return (
      <AppShell layout={layout}>
        <NotFoundView />
      </AppShell>
    );
  }
  return (
    <StandalonePage siteName={siteName}>
      <NotFoundView />
    </StandalonePage>
  );
}
