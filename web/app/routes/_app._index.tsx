/**
 * Home feed (docs/product/posts-and-feed.md): the composer, the Stories card, and the member's feed
 * (their own posts and their friends', newest first), more posts loading on scroll. Empty: "No
 * posts yet" / "Create your first post or follow friends to see their posts here."
 */
import { type PostPage, postScreenTexts, postTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { NewspaperIcon } from 'lucide-react';
import { Composer } from '~/components/posts/composer';
import { PostList } from '~/components/posts/post-list';
import { StoriesCard } from '~/components/stories/stories-card';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadError } from '~/components/ui/load-error';
import type { PostListSource } from '~/schemas/post-list';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { fetchPostList } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useCurrentUser } from '~/utils/use-current-user';
import { useNow } from '~/utils/use-now';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) =>
  titleAndDescription(pageTitle(postScreenTexts.newsFeed, siteNameFromMatches(matches)), postScreenTexts.newsFeedDescription);

export const shouldRevalidate = shouldRevalidatePage;

const FEED: PostListSource = { kind: 'feed' };

type FeedData = { state: 'ok'; page: PostPage; now: number } | { state: 'error'; message: string; now: number };

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  try {
    const page = await fetchPostList(request, { source: FEED }, token);
    return data<FeedData>({ state: 'ok', page, now: Date.now() }, { headers });
  } catch (error) {
    const message = errorMessage(error, postTexts.requestFailed);
    return data<FeedData>({ state: 'error', message, now: Date.now() }, { status: errorStatus(error), headers });
  }
}

export default function HomeFeed() {
  const loaded = useLoaderData<typeof loader>();
  const user = useCurrentUser();
  const now = useNow(loaded.now);
  return (
    <section aria-labelledby="feed-title" className="space-y-4">
      <h1 id="feed-title" className="sr-only">
        {postScreenTexts.newsFeed}
      </h1>
      {user ? <Composer user={user} /> : null}
      {user ? <StoriesCard user={user} /> : null}
      {loaded.state === 'error' ? (
        <LoadError message={loaded.message} />
      ) : (
        <PostList
          page={loaded.page}
          source={FEED}
          now={now}
          label={postScreenTexts.newsFeed}
          empty={
            <Card>
              <EmptyState icon={NewspaperIcon} title={postTexts.noPosts} hint={postTexts.noPostsHint} />
            </Card>
          }
        />
      )}
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
