/**
 * The comment box under a post: grows with its text up to 120px (docs/product/posts-and-feed.md),
 * then scrolls; Enter sends, Shift+Enter starts a new line; a blank comment cannot be sent
 * (docs/product/posts-and-feed.md). The new comment comes back from the server and joins the list
 * without a reload.
 */
import { postLimits, postScreenTexts as texts, type PostComment } from '@kora/contracts';
import { useState, type RefObject } from 'react';
import { Avatar } from '~/components/avatar';
import { SendIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { hasText } from '~/schemas/post-rules';
import { useCurrentUser } from '~/utils/use-current-user';
import { displayName } from '~/utils/user';
import { usePostAction } from './use-post-action';

export function CommentForm({
  postId,
  onCommented,
  inputRef,
}: {
  postId: number;
  onCommented: (comment: PostComment) => void;
  inputRef: RefObject<HTMLTextAreaElement>;
}) {
  const user = useCurrentUser();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const comment = usePostAction(
    postId,
    'comment',
    (answer) => {
      onCommented(answer.comment);
      setText('');
      setError(null);
    },
    setError,
  );
  const canSend = hasText(text) && !comment.busy;

  function send() {
    if (canSend) comment.submit({ content: text });
  }

  return (
    <div className="mt-3">
      <form
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {user ? <Avatar name={displayName(user)} src={user.profileImage} className="size-8" /> : null}
        <div className="flex min-w-0 flex-1 items-end rounded-2xl bg-slate-100 pl-3 focus-within:ring-2 focus-within:ring-brand-500/40">
          <textarea
            ref={inputRef}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                send();
              }
            }}
            rows={1}
            maxLength={postLimits.maxCommentLength}
            aria-label={texts.writeComment}
            aria-invalid={error ? true : undefined}
            placeholder={texts.commentPlaceholder}
            className="max-h-[120px] min-h-9 w-full resize-none overflow-y-auto bg-transparent py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:outline-none [field-sizing:content]"
          />
          <Button
            type="submit"
            variant="ghost"
            size="sm"
            aria-label={texts.sendComment}
            disabled={!canSend}
            className="shrink-0 text-brand-700"
          >
            <SendIcon className="size-4" />
          </Button>
        </div>
      </form>
      {error ? (
        <p role="alert" className="ml-10 mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
