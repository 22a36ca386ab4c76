/** Catch-all: any path no other route matches is a 404 with the not-found page. */
import { data, type MetaFunction } from '@remix-run/node';
import { NotFoundView } from '~/components/not-found';
import { StandalonePage } from '~/components/standalone-page';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle('Page not found', siteNameFromMatches(matches)) },
];

export async function loader() {
  return data(null, { status: 404 });
}

// A form posted to an unknown path gets the same 404 instead of a 405 error screen.
export async function action() {
  return data(null, { status: 404 });
}

export default function CatchAll() {
  return (
    <StandalonePage siteName={useSiteName()}>
      <NotFoundView />
    </StandalonePage>
  );
}
