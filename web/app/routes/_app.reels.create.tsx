/**
 * /reels/create (docs/product/stories-and-reels.md): choose a video, caption it, Next uploads it
 * and makes the reel, then /reels. While an admin has reels turned off the page says so instead.
 */
import { reelTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CreateReelForm } from '~/components/reels/create-reel-form';
import { ReelsOff } from '~/components/reels/reels-off';
import { reelsOn } from '~/utils/reels-page.server';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(reelTexts.createReel, siteNameFromMatches(matches)));

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers } = await requireSession(request);
  return data({ on: await reelsOn(request) }, { headers });
}

export default function CreateReel() {
  const { on } = useLoaderData<typeof loader>();
  return on ? <CreateReelForm /> : <ReelsOff />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
