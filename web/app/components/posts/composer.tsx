/**
 * The composer card (docs/product/posts-and-feed.md): "What's on your mind, {first name}?", Photo
 * and Video pickers, removable previews, an upload progress bar, and Post ("Posting..." while busy,
 * the whole composer disabled). Post is enabled only with non-blank text or a photo or video
 * (docs/product/posts-and-feed.md). On success: the toast "Post has been created successfully" and
 * an empty composer; on failure the reason, with everything kept for another try.
 */
import { postScreenTexts as texts, postTexts } from '@kora/contracts';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Avatar } from '~/components/avatar';
import { ImageIcon, VideoIcon } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Card } from '~/components/ui/card';
import { SubmitButton } from '~/components/ui/submit-button';
import { useToast } from '~/components/ui/toast';
import { canSubmitPost } from '~/schemas/post-rules';
import { displayName, type CurrentUser } from '~/utils/user';
import { pickMedia, type ChosenMedia } from './composer-media';
import { MediaPicker } from './media-picker';
import { MediaPreviews } from './media-previews';
import { UploadProgress } from './upload-progress';
import { useCreatePost } from './use-create-post';

let nextMediaId = 0;

/** `groupId`: the composer of a group's page, whose posts go into that group. */
export function Composer({ user, groupId }: { user: CurrentUser; groupId?: number }) {
  const { toast } = useToast();
  const [text, setText] = useState('');
  const [media, setMedia] = useState<ChosenMedia[]>([]);
  const [pickError, setPickError] = useState<string | null>(null);

  // Previews hold their files in memory until revoked: on removal, on reset and when leaving.
  const current = useRef(media);
  current.current = media;
  useEffect(() => () => current.current.forEach((item) => URL.revokeObjectURL(item.previewUrl)), []);

  const { createPost, progress, error, busy } = useCreatePost({
    groupId,
    onUploaded: setMedia,
    onCreated: () => {
      media.forEach((item) => URL.revokeObjectURL(item.previewUrl));
      setMedia([]);
      setText('');
      toast({ title: postTexts.created, variant: 'success' });
    },
  });

  function onPick(files: File[]) {
    const { accepted, error: refused } = pickMedia(files, media.length);
    setPickError(refused);
    const added = accepted.map(({ file, kind }) => ({ id: `m${++nextMediaId}`, file, kind, previewUrl: URL.createObjectURL(file) }));
    setMedia((items) => [...items, ...added]);
  }

  function onRemove(id: string) {
    const item = media.find((entry) => entry.id === id);
    if (item) URL.revokeObjectURL(item.previewUrl);
    setMedia((items) => items.filter((entry) => entry.id !== id));
    setPickError(null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !canSubmitPost(text, media.length)) return;
    void createPost(text, media);
  }

  const name = user.firstname.trim() || user.username;
  const problem = error ?? pickError;

  return (
    <Card className="p-4">
      <form onSubmit={onSubmit} aria-label={texts.createPost} aria-busy={busy || undefined}>
        <div className="flex gap-3">
          <Avatar name={displayName(user)} src={user.profileImage} />
          <textarea
            value={text}
            onChange={(event) => setText(event.target.value)}
            disabled={busy}
            rows={2}
            aria-label={texts.postText}
            placeholder={texts.composerPlaceholder(name)}
            className="max-h-72 min-h-11 w-full resize-none rounded-2xl bg-slate-100 px-4 py-2.5 text-[15px] text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-brand-500/40 disabled:opacity-60 [field-sizing:content]"
          />
        </div>
        <MediaPreviews media={media} disabled={busy} onRemove={onRemove} />
        {progress !== null ? <UploadProgress percent={progress} /> : null}
        {problem ? <Alert className="mt-3">{problem}</Alert> : null}
        <div className="mt-3 flex items-center justify-between gap-2 border-t border-slate-100 pt-3">
          <div className="flex gap-1">
            <MediaPicker label={texts.photo} accept="image/*" icon={ImageIcon} disabled={busy} onPick={onPick} />
            <MediaPicker label={texts.video} accept="video/*" icon={VideoIcon} disabled={busy} onPick={onPick} />
          </div>
          <SubmitButton busy={busy} busyLabel={texts.posting} disabled={!canSubmitPost(text, media.length)} className="min-w-24">
            {texts.post}
          </SubmitButton>
        </div>
      </form>
    </Card>
  );
}
