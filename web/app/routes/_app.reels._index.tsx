/**
 * /reels (docs/product/stories-and-reels.md): the reels feed, newest first, one reel per screen.
 * While an admin has reels turned off the page says so instead. Signed out → /login.
 */
import { reelTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ReelsPage, type ReelsPageData } from '~/components/reels/reels-page';
import { loadReelsPage } from '~/utils/reels-page.server';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(reelTexts.title, siteNameFromMatches(matches)));

/** Likes, comments and shares are applied by the reels themselves: the feed is never reloaded under the member. */
export const shouldRevalidate = () => false;

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  return data<ReelsPageData>(await loadReelsPage(request, token), { headers });
}

export default function Reels() {
  return <ReelsPage loaded={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
