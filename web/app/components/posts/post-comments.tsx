/**
 * Comments under a post (docs/product/posts-and-feed.md): the first 2, "View all N comments" to
 * expand (loading the whole post when the list carried fewer than there are), "Show fewer comments"
 * to collapse; then the comment box.
 */
import { postScreenTexts as texts, type Post } from '@kora/contracts';
import { useId, useState, type RefObject } from 'react';
import { Spinner } from '~/components/ui/spinner';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { commentsToggleLabel, needsFullComments, visibleComments } from './comments-preview';
import type { PostEvent } from './post-state';
import { usePostReload } from './use-post-reload';

export function PostComments({
  post,
  now,
  dispatch,
  inputRef,
}: {
  post: Post;
  now: number;
  dispatch: (event: PostEvent) => void;
  inputRef: RefObject<HTMLTextAreaElement>;
}) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const full = usePostReload(post.id, (fresh) => dispatch({ type: 'snapshot', post: fresh }));
  const shown = visibleComments(post.comments, expanded);
  const toggle = commentsToggleLabel(post.commentCount, expanded);

  function onToggle() {
    if (!expanded && needsFullComments(post, true)) full.reload();
    setExpanded(!expanded);
  }

  return (
    <div className="px-4 pb-4">
      {shown.length > 0 ? (
        <ul id={listId} aria-label={texts.commentsLabel} className="space-y-2 pt-3">
          {shown.map((comment) => (
            <CommentItem key={comment.id} comment={comment} now={now} />
          ))}
        </ul>
      ) : null}
      {toggle ? (
        <div className="mt-2 flex items-center gap-2">
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={onToggle}
            className="text-sm font-semibold text-slate-600 hover:underline"
          >
            {toggle}
          </button>
          {full.loading ? <Spinner label={texts.loadingComments} className="[&_svg]:size-4" /> : null}
        </div>
      ) : null}
      {full.error && expanded ? (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {full.error}
        </p>
      ) : null}
      <CommentForm postId={post.id} inputRef={inputRef} onCommented={(comment) => dispatch({ type: 'commented', comment })} />
    </div>
  );
}
