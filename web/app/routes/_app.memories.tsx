/**
 * /memories (docs/product/posts-and-feed.md): "On This Day", the member's posts from this date in
 * earlier years (the posts service picks the day in the product's time zone). Empty: "No memories
 * today"; a failure: the server's message, else "Request failed".
 */
import { type Post, postScreenTexts, postTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useMemo } from 'react';
import { HistoryIcon } from 'lucide-react';
import { PostList } from '~/components/posts/post-list';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadError } from '~/components/ui/load-error';
import { PageHeader } from '~/components/ui/page-header';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { dayMonthLabel } from '~/utils/dates';
import { fetchMemories } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useNow } from '~/utils/use-now';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(postScreenTexts.onThisDay, siteNameFromMatches(matches)));

export const shouldRevalidate = shouldRevalidatePage;

type MemoriesData = { state: 'ok'; posts: Post[]; date: string; now: number } | { state: 'error'; message: string; now: number };

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  try {
    const { posts, date } = await fetchMemories(request, token);
    return data<MemoriesData>({ state: 'ok', posts, date, now: Date.now() }, { headers });
  } catch (error) {
    const message = errorMessage(error, postTexts.requestFailed);
    return data<MemoriesData>({ state: 'error', message, now: Date.now() }, { status: errorStatus(error), headers });
  }
}

export default function Memories() {
  const loaded = useLoaderData<typeof loader>();
  const now = useNow(loaded.now);
  // One page object per answer (the list treats a new object as fresh data).
  const page = useMemo(() => ({ posts: loaded.state === 'ok' ? loaded.posts : [], nextCursor: null }), [loaded]);
  return (
    <div className="space-y-4">
      <PageHeader icon={HistoryIcon} title={postScreenTexts.onThisDay}>
        {loaded.state === 'ok' ? dayMonthLabel(loaded.date) : null}
      </PageHeader>
      {loaded.state === 'error' ? (
        <LoadError message={loaded.message} />
      ) : (
        <PostList
          page={page}
          now={now}
          label={postScreenTexts.onThisDay}
          empty={
            <Card>
              <EmptyState icon={HistoryIcon} title={postTexts.noMemories} />
            </Card>
          }
        />
      )}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
