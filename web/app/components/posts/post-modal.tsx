/**
 * A post over the current page (`?post={id}`, utils/post-modal.ts), e.g. opened from a notification.
 * The post comes from GET /resources/posts/{id} and shows in the usual card, with all its actions;
 * closing (or the author deleting it) drops the parameter and leaves the page as it was.
 */
import { postScreenTexts as texts, type Post } from '@kora/contracts';
import { useLocation, useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Modal } from '~/components/ui/dialog';
import { Spinner } from '~/components/ui/spinner';
import { postModalId, withoutPostModal } from '~/utils/post-modal';
import { useNow } from '~/utils/use-now';
import { PostCard } from './post-card';
import { usePostReload } from './use-post-reload';

export function PostModal() {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const postId = postModalId(search);
  const close = useCallback(
    () => navigate({ pathname, search: withoutPostModal(search), hash }, { replace: true, preventScrollReset: true }),
    [navigate, pathname, search, hash],
  );
  if (postId === null) return null;
  return (
    <Modal open onOpenChange={(open) => (open ? undefined : close())} title={texts.post} className="max-w-[680px] bg-slate-50">
      <ModalPost key={postId} postId={postId} onDeleted={close} />
    </Modal>
  );
}

function ModalPost({ postId, onDeleted }: { postId: number; onDeleted: () => void }) {
  const [post, setPost] = useState<Post | null>(null);
  const { reload, error } = usePostReload(postId, setPost);
  const now = useNow(Date.now());
  useEffect(() => {
    reload();
  }, [reload]);

  if (post) return <PostCard post={post} now={now} onDeleted={onDeleted} />;
  if (error) return <Alert>{error}</Alert>;
  return (
    <div className="flex justify-center py-10">
      <Spinner label={texts.loadingPost} />
    </div>
  );
}
