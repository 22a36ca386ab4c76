/**
 * /saved (docs/product/posts-and-feed.md): the posts the member saved, most recently saved first,
 * more loading on scroll. Empty: "No saved posts yet"; a failed load: "Failed to load saved posts".
 * Unsave here takes the post off the list at once; if the call fails it comes back, with the
 * product's "Unsave post failed".
 */
import { type PostPage, postScreenTexts, postTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { BookmarkIcon } from 'lucide-react';
import { PostList } from '~/components/posts/post-list';
import { UnsaveHereContext } from '~/components/posts/unsave-here';
import { usePostAction } from '~/components/posts/use-post-action';
import { Card } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { LoadError } from '~/components/ui/load-error';
import { PageHeader } from '~/components/ui/page-header';
import { useToast } from '~/components/ui/toast';
import type { PostListSource } from '~/schemas/post-list';
import { errorStatus } from '~/utils/api.server';
import { fetchPostList } from '~/utils/posts.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useNow } from '~/utils/use-now';
import { titleAndDescription } from '~/utils/page-meta';

const SAVED: PostListSource = { kind: 'saved' };

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(postScreenTexts.savedPosts, siteNameFromMatches(matches)));

export const shouldRevalidate = shouldRevalidatePage;

type SavedData = { state: 'ok'; page: PostPage; now: number } | { state: 'error'; message: string; now: number };

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  try {
    const page = await fetchPostList(request, { source: SAVED }, token);
    return data<SavedData>({ state: 'ok', page, now: Date.now() }, { headers });
  } catch (error) {
    return data<SavedData>(
      { state: 'error', message: postScreenTexts.loadSavedFailed, now: Date.now() },
      { status: errorStatus(error), headers },
    );
  }
}

/** One unsave call, sent when it mounts; its answer restores the post or confirms with a toast. */
function UnsaveCall({ postId, onDone }: { postId: number; onDone: (postId: number, ok: boolean) => void }) {
  const { toast } = useToast();
  const call = usePostAction(
    postId,
    'unsave',
    () => {
      toast({ title: postTexts.unsaved, variant: 'success' });
      onDone(postId, true);
    },
    (error) => {
      toast({ title: error, variant: 'error' });
      onDone(postId, false);
    },
  );
  const { submit } = call;
  useEffect(() => {
    submit();
  }, [submit]);
  return null;
}

export default function SavedPosts() {
  const loaded = useLoaderData<typeof loader>();
  const now = useNow(loaded.now);
  // Posts taken off the list (unsaved, or on their way), and the calls still waiting for an answer.
  const [hidden, setHidden] = useState<ReadonlySet<number>>(() => new Set());
  const [pending, setPending] = useState<readonly number[]>([]);

  const unsave = useCallback((postId: number) => {
    setHidden((ids) => new Set(ids).add(postId));
    setPending((ids) => (ids.includes(postId) ? ids : [...ids, postId]));
  }, []);

  const done = useCallback((postId: number, ok: boolean) => {
    setPending((ids) => ids.filter((id) => id !== postId));
    if (ok) return;
    setHidden((ids) => {
      const next = new Set(ids);
      next.delete(postId);
      return next;
    });
  }, []);

  return (
    <div className="space-y-4">
      <PageHeader icon={BookmarkIcon} title={postScreenTexts.savedPosts} />
      {loaded.state === 'error' ? (
        <LoadError message={loaded.message} />
      ) : (
        <UnsaveHereContext.Provider value={unsave}>
          <PostList
            page={loaded.page}
            source={SAVED}
            now={now}
            label={postScreenTexts.savedPosts}
            hidden={hidden}
            empty={
              <Card>
                <EmptyState icon={BookmarkIcon} title={postTexts.noSaved} />
              </Card>
            }
          />
        </UnsaveHereContext.Provider>
      )}
      {pending.map((postId) => (
        <UnsaveCall key={postId} postId={postId} onDone={done} />
      ))}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
