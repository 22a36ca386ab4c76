/** Catch-all: any path no other route matches is a 404 with the not-found page. */
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { AppShell } from '~/components/layout/app-shell';
import { NotFoundView } from '~/components/not-found';
import { StandalonePage } from '~/components/standalone-page';
import { optionalAppLayout } from '~/utils/app-layout.server';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle('Page not found', siteNameFromMatches(matches)) },
];

// A signed-in member keeps the app's layout (top bar and menus); anyone else gets the standalone page.
export async function loader({ request }: LoaderFunctionArgs) {
  return data(await optionalAppLayout(request), { status: 404 });
}

// A form posted to an unknown path gets the same 404 instead of a 405 error screen.
export async function action() {
  return data(null, { status: 404 });
}

export default function CatchAll() {
  const layout = useLoaderData<typeof loader>();
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
