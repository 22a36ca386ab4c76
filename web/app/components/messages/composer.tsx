/**
 * The conversation's composer (decision 039): Enter sends, Shift+Enter starts a new line; at most
 * 4,000 characters (the contract's text when over); photos (up to 4) or one video, uploaded as
 * they are picked through the upload route (POST /resources/media-upload, with progress); the
 * message replied to quoted above, with Cancel reply. Typing tells the others (at most every 3 s).
 */
import { messageLimits, messageTexts, type MessageMedia } from '@kora/contracts';
import { forwardRef, useId, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import { ImagePlusIcon, SendHorizontalIcon, XIcon } from 'lucide-react';
import { uploadFiles } from '~/components/posts/upload-media';
import { mediaUrl } from '~/utils/media';
import { cn } from '~/utils/misc';
import { bodyRefusal, sendsOnEnter } from './composer-rules';
import { ReplyQuote } from './message-bubble';
import type { Draft } from './use-conversation';

/** The longest the box grows before it scrolls. */
const MAX_HEIGHT_PX = 140;

export interface ReplyTarget {
  id: number;
  name: string;
  excerpt: string;
}

export interface ComposerHandle {
  focus(): void;
}

export const Composer = forwardRef<
  ComposerHandle,
  { onSend: (draft: Draft) => void; onTyping: () => void; replyTo: ReplyTarget | null; onCancelReply: () => void }
>(function Composer({ onSend, onTyping, replyTo, onCancelReply }, ref) {
  const [body, setBody] = useState('');
  const [media, setMedia] = useState<MessageMedia[]>([]);
  const [uploading, setUploading] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const files = useRef<HTMLInputElement>(null);
  const boxId = useId();
  const errorId = useId();
  useImperativeHandle(ref, () => ({ focus: () => box.current?.focus() }), []);

  const tooLong = bodyRefusal(body, 1) === messageTexts.bodyTooLong;
  const canSend = bodyRefusal(body, media.length) === null && uploading === null;

  function grow() {
    const element = box.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, MAX_HEIGHT_PX)}px`;
  }

  function submit() {
    if (!canSend) return;
    onSend({ body, media, replyToId: replyTo?.id ?? null });
    setBody('');
    setMedia([]);
    onCancelReply();
    requestAnimationFrame(grow);
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (!sendsOnEnter({ ...event, isComposing: event.nativeEvent.isComposing })) return;
    event.preventDefault();
    submit();
  }

  async function attach(list: FileList | null) {
    const picked = [...(list ?? [])];
    if (files.current) files.current.value = '';
    if (picked.length === 0) return;
    const videos = picked.filter((file) => file.type.startsWith('video/'));
    const already = media.length;
    if (videos.length > 0 && (picked.length > 1 || already > 0)) return setUploadError(messageTexts.photosOrVideo);
    if (media.some((item) => item.type === 'video')) return setUploadError(messageTexts.photosOrVideo);
    if (already + picked.length > messageLimits.maxPhotos) return setUploadError(messageTexts.tooManyPhotos);
    setUploadError(null);
    setUploading(0);
    const result = await uploadFiles(picked, setUploading).done;
    setUploading(null);
    if (!result.ok) return setUploadError(result.error);
    const kind: MessageMedia['type'] = videos.length > 0 ? 'video' : 'image';
    setMedia((current) => [...current, ...result.urls.map((url) => ({ url, type: kind, posterUrl: null }))]);
  }

  return (
    <div className="border-t border-slate-200 bg-white px-3 pb-[max(0.5rem,env(safe-area-inset-bottom))] pt-2">
      {replyTo ? (
        <div className="mb-2 flex items-start gap-2">
          <div className="min-w-0 flex-1 text-slate-800">
            <ReplyQuote name={messageTexts.replyingTo(replyTo.name)} excerpt={replyTo.excerpt} deleted={false} own={false} />
          </div>
          <button
            type="button"
            aria-label={messageTexts.cancelReply}
            onClick={onCancelReply}
            className="inline-flex size-8 items-center justify-center rounded-full hover:bg-slate-100"
          >
            <XIcon className="size-4" />
          </button>
        </div>
      ) : null}
      {media.length > 0 || uploading !== null ? (
        <ul aria-label={messageTexts.attach} className="mb-2 flex gap-2">
          {media.map((item) => (
            <li key={item.url} className="relative">
              {item.type === 'video' ? (
                <video src={mediaUrl(item.url) ?? undefined} muted className="size-16 rounded-lg bg-black object-cover" />
              ) : (
                <img src={mediaUrl(item.url) ?? undefined} alt={messageTexts.photo} className="size-16 rounded-lg object-cover" />
              )}
              <button
                type="button"
                aria-label={messageTexts.removeAttachment}
                onClick={() => setMedia((current) => current.filter((known) => known.url !== item.url))}
                className="absolute -right-1.5 -top-1.5 inline-flex size-6 items-center justify-center rounded-full bg-slate-800 text-white"
              >
                <XIcon className="size-3.5" />
              </button>
            </li>
          ))}
          {uploading !== null ? (
            <li className="flex size-16 items-center justify-center rounded-lg bg-slate-100 text-xs text-slate-700" role="status">
              {messageTexts.uploading} {uploading}%
            </li>
          ) : null}
        </ul>
      ) : null}
      {uploadError || tooLong ? (
        <p id={errorId} role="alert" className="mb-1 text-sm text-red-700">
          {tooLong ? messageTexts.bodyTooLong : uploadError}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <input ref={files} type="file" accept="image/*,video/*" multiple hidden onChange={(event) => void attach(event.target.files)} />
        <button
          type="button"
          aria-label={messageTexts.attach}
          title={messageTexts.attach}
          onClick={() => files.current?.click()}
          disabled={uploading !== null}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full text-brand-700 hover:bg-brand-50 disabled:opacity-60"
        >
          <ImagePlusIcon className="size-5" />
        </button>
        <label htmlFor={boxId} className="sr-only">
          {messageTexts.composerPlaceholder}
        </label>
        <textarea
          ref={box}
          id={boxId}
          rows={1}
          value={body}
          placeholder={messageTexts.composerPlaceholder}
          aria-invalid={tooLong || undefined}
          aria-describedby={uploadError || tooLong ? errorId : undefined}
          onChange={(event) => {
            setBody(event.target.value);
            grow();
            if (event.target.value.trim()) onTyping();
          }}
          onKeyDown={onKeyDown}
          className={cn(
            'block max-h-[140px] min-h-10 flex-1 resize-none rounded-2xl border border-slate-300 bg-slate-50 px-3 py-2 text-[15px] text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30',
            tooLong && 'border-red-500',
          )}
        />
        <button
          type="button"
          aria-label={messageTexts.send}
          title={messageTexts.send}
          onClick={submit}
          disabled={!canSend}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:bg-slate-200 disabled:text-slate-500"
        >
          <SendHorizontalIcon className="size-5" />
        </button>
      </div>
    </div>
  );
});
