/**
 * /saved (member-side §2 "Saved Posts"): the posts the member saved, most recently saved first,
 * more loading on scroll. Empty: "No saved posts yet"; a failed load: "Failed to load saved posts".
 * Unsaving here keeps the post in place (the menu offers Save Post again) until the next visit.
 */
import { postTexts, type PostPage } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BookmarkIcon } from '~/components/icons';
import { PostList } from '~/components/posts/post-list';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadError } from '~/components/ui/load-error';
import { PageHeader } from '~/components/ui/page-header';
import type { PostListSource } from '~/schemas/post-list';
import { errorStatus } from '~/utils/api.server';
import { fetchPostList } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useNow } from '~/utils/use-now';

const TITLE = 'Saved Posts';
const LOAD_FAILED = 'Failed to load saved posts';
const SAVED: PostListSource = { kind: 'saved' };

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle(TITLE, siteNameFromMatches(matches)) }];

export const shouldRevalidate = shouldRevalidatePage;

type SavedData = { state: 'ok'; page: PostPage; now: number } | { state: 'error'; message: string; now: number };

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  try {
    const page = await fetchPostList(request, { source: SAVED }, token);
    return data<SavedData>({ state: 'ok', page, now: Date.now() }, { headers });
  } catch (error) {
    return data<SavedData>({ state: 'error', message: LOAD_FAILED, now: Date.now() }, { status: errorStatus(error), headers });
  }
}

export default function SavedPosts() {
  const loaded = useLoaderData<typeof loader>();
  const now = useNow(loaded.now);
  return (
    <div className="space-y-4">
      <PageHeader icon={BookmarkIcon} title={TITLE} />
      {loaded.state === 'error' ? (
        <LoadError message={loaded.message} />
      ) : (
        <PostList
          page={loaded.page}
          source={SAVED}
          now={now}
          label={TITLE}
          empty={
            <Card>
              <EmptyState icon={BookmarkIcon} title={postTexts.noSaved} />
            </Card>
          }
        />
      )}
    </div>
  );
}
