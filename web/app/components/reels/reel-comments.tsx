/**
 * A reel's comments in a side panel (a sheet from the bottom on phones): oldest first with "Load
 * more", and an input whose text is trimmed before sending; blank text is ignored (groups-reels
 * docs/product/stories-and-reels.md). A new comment is appended and counted on the reel.
 */
import { type Reel, type ReelComment, reelLimits, reelTexts, storyScreenTexts } from '@kora/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useState, type FormEvent } from 'react';
import { Avatar } from '~/components/avatar';
import { XIcon, SendIcon } from 'lucide-react';
import { MemberName } from '~/components/member-name';
import { avatarSrc } from '~/utils/media';
import { loadComments, sendComment } from './reels-api';

export function ReelComments({ reel, onClose, onReel }: { reel: Reel | null; onClose: () => void; onReel: (reel: Reel) => void }) {
  const [comments, setComments] = useState<ReelComment[]>([]);
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const reelId = reel?.id ?? null;

  async function load(id: number, cursor: string | null) {
    setLoading(true);
    const answer = await loadComments(id, cursor);
    setLoading(false);
    if (!answer.ok) return setError(answer.error);
    setError(null);
    setComments((current) =>
      cursor
        ? [...current, ...answer.data.comments.filter((item) => !current.some((shown) => shown.id === item.id))]
        : answer.data.comments,
    );
    setNextCursor(answer.data.nextCursor);
  }

  useEffect(() => {
    setComments([]);
    setNextCursor(null);
    setError(null);
    setText('');
    if (reelId !== null) void load(reelId, null);
  }, [reelId]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (!reel || !content || sending) return;
    setSending(true);
    const answer = await sendComment(reel.id, content);
    setSending(false);
    if (!answer.ok) return setError(answer.error);
    setError(null);
    setText('');
    setComments((current) => [...current, answer.data]);
    onReel({ ...reel, commentCount: reel.commentCount + 1 });
  }

  return (
    <Dialog.Root open={reel !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed inset-x-0 bottom-0 z-50 flex h-[70dvh] flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none sm:inset-y-0 sm:left-auto sm:right-0 sm:h-dvh sm:w-96 sm:rounded-none"
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-base font-semibold text-slate-900">{reelTexts.comments}</Dialog.Title>
            <Dialog.Close
              aria-label={storyScreenTexts.close}
              className="inline-flex size-9 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100"
            >
              <XIcon />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto px-4 py-3">
            {comments.length === 0 && !loading && !error ? <p className="text-sm text-slate-600">{reelTexts.noComments}</p> : null}
            <ul aria-label={reelTexts.comments} className="space-y-3">
              {comments.map((comment) => (
                <li key={comment.id} className="flex gap-2">
                  <Avatar name={comment.name} src={avatarSrc(comment.avatar)} className="size-8" />
                  <div className="min-w-0 rounded-xl bg-slate-100 px-3 py-2">
                    <MemberName
                      name={comment.name}
                      username={comment.username}
                      withHandle
                      to={`/profile/${comment.userId}`}
                      className="flex text-xs"
                    />
                    <p className="whitespace-pre-line break-words text-sm text-slate-800">{comment.content}</p>
                  </div>
                </li>
              ))}
            </ul>
            {nextCursor && reel ? (
              <button
                type="button"
                disabled={loading}
                onClick={() => void load(reel.id, nextCursor)}
                className="mt-3 text-sm font-semibold text-brand-700"
              >
                {storyScreenTexts.loadMore}
              </button>
            ) : null}
            {loading ? <p className="mt-2 text-sm text-slate-500">{storyScreenTexts.loading}</p> : null}
          </div>
          {error ? (
            <p role="alert" className="mx-4 mb-2 rounded bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          <form onSubmit={(event) => void onSubmit(event)} className="flex items-center gap-2 border-t border-slate-200 p-3">
            <input
              value={text}
              onChange={(event) => setText(event.target.value)}
              maxLength={reelLimits.maxCommentLength}
              placeholder={reelTexts.commentPlaceholder}
              aria-label={reelTexts.commentPlaceholder}
              className="h-10 min-w-0 flex-1 rounded-full border border-slate-300 px-4 text-sm focus:border-brand-600 focus:outline-none"
            />
            <button
              type="submit"
              aria-label={storyScreenTexts.sendComment}
              disabled={sending || !text.trim()}
              className="inline-flex size-10 items-center justify-center rounded-full bg-brand-600 text-white disabled:opacity-50"
            >
              <SendIcon className="size-5" />
            </button>
          </form>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
