/**
 * /posts/{id} (docs/product/posts-and-feed.md): the post, or "Post not found" (status 404) when
 * there is no such post, it was deleted, or the id is not a post id. When its author deletes it
 * here, the member goes back to the feed.
 */
import { type Post, postScreenTexts, postTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData, useNavigate } from '@remix-run/react';
import { PostCard } from '~/components/posts/post-card';
import { NotFoundCard } from '~/components/not-found-card';
import { LoadError } from '~/components/ui/load-error';
import { parsePostId } from '~/schemas/post';
import { errorMessage, errorStatus, isApiError } from '~/utils/api.server';
import { fetchPost } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useNow } from '~/utils/use-now';
import { titleAndDescription } from '~/utils/page-meta';

type PostPageData = { state: 'ok'; post: Post; now: number } | { state: 'not-found' } | { state: 'error'; message: string };

export const meta: MetaFunction<typeof loader> = ({ data: loaded, matches }) => {
  const title =
    loaded?.state === 'ok'
      ? postScreenTexts.postBy(loaded.post.author.name)
      : loaded?.state === 'not-found'
        ? postTexts.notFound
        : postScreenTexts.post;
  return titleAndDescription(pageTitle(title, siteNameFromMatches(matches)));
};

export const shouldRevalidate = shouldRevalidatePage;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const id = parsePostId(params.id);
  if (id === null) return data<PostPageData>({ state: 'not-found' }, { status: 404, headers });
  try {
    const post = await fetchPost(request, id, token);
    return data<PostPageData>({ state: 'ok', post, now: Date.now() }, { headers });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return data<PostPageData>({ state: 'not-found' }, { status: 404, headers });
    const message = errorMessage(error, postTexts.requestFailed);
    return data<PostPageData>({ state: 'error', message }, { status: errorStatus(error), headers });
  }
}

export default function PostPage() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === 'not-found') return <NotFoundCard title={postTexts.notFound} hint={postScreenTexts.postGoneHint} />;
  if (loaded.state === 'error') return <LoadError message={loaded.message} />;
  return <OnePost post={loaded.post} serverNow={loaded.now} />;
}

function OnePost({ post, serverNow }: { post: Post; serverNow: number }) {
  const navigate = useNavigate();
  const now = useNow(serverNow);
  return (
    <>
      <h1 className="sr-only">Post by {post.author.name}</h1>
      <PostCard key={post.id} post={post} now={now} onDeleted={() => navigate('/')} priority />
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
