/**
 * /reels/{id}: the reels feed opened at one reel (where reel_like and reel_comment notifications
 * lead), then the newest reels after it. An unknown reel (or one the member may not see) is the
 * not-found page.
 */
import { reelTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ReelsPage, type ReelsPageData } from '~/components/reels/reels-page';
import { isApiError } from '~/utils/api.server';
import { loadReelsPage } from '~/utils/reels-page.server';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(reelTexts.title, siteNameFromMatches(matches)));

export const shouldRevalidate = () => false;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const id = Number(params.id);
  if (!Number.isSafeInteger(id) || id <= 0) throw new Response(reelTexts.notFound, { status: 404 });
  try {
    return data<ReelsPageData>(await loadReelsPage(request, token, id), { headers });
  } catch (error) {
    if (isApiError(error) && error.status === 404) throw new Response(reelTexts.notFound, { status: 404 });
    throw error;
  }
}

export default function ReelAt() {
  return <ReelsPage loaded={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
