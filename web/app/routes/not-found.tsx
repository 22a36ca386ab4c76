import { data, type MetaFunction } from '@remix-run/node';
import { NotFoundView } from '~/components/not-found';
import { StandalonePage } from '~/components/standalone-page';
import { pageTitle, siteNameFromMatches, useSiteName } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [
  { title: pageTitle('Page not found', siteNameFromMatches(matches)) },
];

// Where the app sends a missing profile (spec); answers 404 so crawlers do not index it.
export async function loader() {
  return data(null, { status: 404 });
}

export default function NotFoundPage() {
  return (
    <StandalonePage siteName={useSiteName()}>
      <NotFoundView />
    </StandalonePage>
  );
}
