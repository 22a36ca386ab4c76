/**
 * Counts and the Like / Comment / Share row of a post card. A like shows at once and is corrected
 * by the server's answer (its count includes everyone else's likes), or undone if the call fails.
 */
import { postScreenTexts as texts, postTexts, type Post } from '@kora/contracts';
import { useRef, useState } from 'react';
import { HeartIcon, MessageCircleIcon, Share2Icon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import { useToast } from '~/components/ui/toast';
import { cn } from '~/utils/misc';
import { toggledLike, type LikeState, type PostEvent } from './post-state';
import { usePostAction } from './use-post-action';

const ShareDialog = lazyComponent(() => import('./share-dialog').then((m) => m.ShareDialog));

export function PostActions({
  post,
  dispatch,
  onComment,
}: {
  post: Post;
  dispatch: (event: PostEvent) => void;
  /** Moves focus to the comment box. */
  onComment: () => void;
}) {
  const { toast } = useToast();
  const beforeLike = useRef<LikeState>(post);
  const like = usePostAction(
    post.id,
    'like',
    (answer) => dispatch({ type: 'like', like: { hasLiked: answer.liked, likeCount: answer.likeCount } }),
    (error) => {
      dispatch({ type: 'like', like: beforeLike.current });
      toast({ title: error, variant: 'error' });
    },
  );

  const [sharing, setSharing] = useState(false);
  const [shareError, setShareError] = useState<string | null>(null);
  const share = usePostAction(
    post.id,
    'share',
    (answer) => {
      dispatch({ type: 'shared', shareCount: answer.shareCount });
      setSharing(false);
      toast({ title: postTexts.shared, variant: 'success' });
    },
    setShareError,
  );

  function onLike() {
    if (like.busy) return; // one toggle at a time: the answer of each decides the next
    beforeLike.current = { hasLiked: post.hasLiked, likeCount: post.likeCount };
    dispatch({ type: 'like', like: toggledLike(post) });
    like.submit();
  }

  return (
    <>
      <PostCounts post={post} />
      <div className="mx-4 mt-2 grid grid-cols-3 gap-1 border-y border-slate-100 py-1">
        <Button variant="ghost" size="sm" aria-pressed={post.hasLiked} onClick={onLike} className={cn(post.hasLiked && 'text-brand-700')}>
          <HeartIcon className={cn(post.hasLiked && 'fill-current')} />
          {texts.like}
        </Button>
        <Button variant="ghost" size="sm" onClick={onComment}>
          <MessageCircleIcon />
          {texts.comment}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setShareError(null);
            setSharing(true);
          }}
          className={cn(post.hasShared && 'text-brand-700')}
        >
          <Share2Icon />
          {post.hasShared ? texts.shared : texts.share}
        </Button>
      </div>
      <OnceOpened open={sharing}>
        <ShareDialog open={sharing} onOpenChange={setSharing} busy={share.busy} error={shareError} onShare={() => share.submit()} />
      </OnceOpened>
    </>
  );
}

function PostCounts({ post }: { post: Post }) {
  const { likeCount, commentCount, shareCount } = post;
  if (likeCount + commentCount + shareCount === 0) return null;
  return (
    <div className="flex items-center gap-3 px-4 pt-3 text-sm text-slate-500">
      {likeCount > 0 ? <span>{texts.likes(likeCount)}</span> : null}
      <span className="ml-auto flex gap-3">
        {commentCount > 0 ? <span>{texts.comments(commentCount)}</span> : null}
        {shareCount > 0 ? <span>{texts.shares(shareCount)}</span> : null}
      </span>
    </div>
  );
}
