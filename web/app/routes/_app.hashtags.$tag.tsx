/**
 * /hashtags/{tag} (decision 025): "#tag", how many posts carry it when the search knows, and its
 * posts newest first with the feed's cards and paging (the viewer's rules apply, as in the feed).
 * A tag written in another case goes to its one address (lower case). Something that cannot be a
 * tag, or one the API refuses: "Hashtag not found" (404) inside the app; no posts yet: says so.
 */
import { hashtagPath, isHashtag, normalizeHashtag, type PostPage, postScreenTexts, postTexts, searchTexts } from '@kora/contracts';
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { HashIcon } from 'lucide-react';
import { PostList } from '~/components/posts/post-list';
import { hashtagPostCount } from '~/components/search/hashtag-count';
import { NotFoundCard } from '~/components/not-found-card';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadError } from '~/components/ui/load-error';
import { PageHeader } from '~/components/ui/page-header';
import { errorMessage, errorStatus, isClientError } from '~/utils/api.server';
import { fetchPostList } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { fetchHashtagCount } from '~/utils/search.server';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useNow } from '~/utils/use-now';
import { titleAndDescription } from '~/utils/page-meta';

type HashtagData =
  | { state: 'ok'; tag: string; count: number | null; page: PostPage; now: number }
  | { state: 'not-found' }
  | { state: 'error'; tag: string; message: string };

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const title = !loaded || loaded.state === 'not-found' ? searchTexts.hashtagInvalid : `#${loaded.tag}`;
  return titleAndDescription(pageTitle(title, siteNameFromMatches(matches)));
};

export const shouldRevalidate = shouldRevalidatePage;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const written = params.tag ?? '';
  const tag = normalizeHashtag(written);
  if (!isHashtag(tag)) return data<HashtagData>({ state: 'not-found' }, { status: 404, headers });
  if (tag !== written) throw redirect(hashtagPath(tag), { headers });
  try {
    const [page, count] = await Promise.all([
      fetchPostList(request, { source: { kind: 'hashtag', tag } }, token),
      fetchHashtagCount(request, tag, token),
    ]);
    return data<HashtagData>({ state: 'ok', tag, count, page, now: Date.now() }, { headers });
  } catch (error) {
    if (isClientError(error) && (error.status === 404 || error.status === 400)) {
      return data<HashtagData>({ state: 'not-found' }, { status: 404, headers });
    }
    return data<HashtagData>(
      { state: 'error', tag, message: errorMessage(error, postTexts.requestFailed) },
      { status: errorStatus(error), headers },
    );
  }
}

function HashtagPosts({ tag, count, page, serverNow }: { tag: string; count: number | null; page: PostPage; serverNow: number }) {
  const now = useNow(serverNow);
  return (
    <div className="space-y-4">
      <PageHeader icon={HashIcon} title={`#${tag}`}>
        {count !== null ? hashtagPostCount(count) : null}
      </PageHeader>
      <PostList
        key={tag}
        page={page}
        source={{ kind: 'hashtag', tag }}
        now={now}
        label={postScreenTexts.postsWithTag(tag)}
        empty={
          <Card>
            <EmptyState icon={HashIcon} title={searchTexts.hashtagEmpty} />
          </Card>
        }
      />
    </div>
  );
}

export default function HashtagPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === 'not-found') return <NotFoundCard title={searchTexts.hashtagInvalid} />;
  if (loaded.state === 'error') {
    return (
      <div className="space-y-4">
        <PageHeader icon={HashIcon} title={`#${loaded.tag}`} />
        <LoadError message={loaded.message} />
      </div>
    );
  }
  return <HashtagPosts tag={loaded.tag} count={loaded.count} page={loaded.page} serverNow={loaded.now} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
