import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { NewspaperIcon } from '~/components/icons';
import { Card } from '~/components/ui/card';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle('News Feed', siteNameFromMatches(matches)) }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request);
  return null;
}

/** Home feed. Composer, stories and posts arrive with the posts issue; until then the feed is empty. */
export default function HomeFeed() {
  return (
    <section aria-labelledby="feed-title">
      <h1 id="feed-title" className="sr-only">
        News Feed
      </h1>
      <Card className="px-6 py-14 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <NewspaperIcon className="size-7" />
        </span>
        <h2 className="mt-4 text-lg font-semibold text-slate-900">No posts yet</h2>
        <p className="mx-auto mt-1 max-w-sm text-slate-600">
          Create your first post or follow friends to see their posts here.
        </p>
      </Card>
    </section>
  );
}
