/**
 * Reel creation (docs/product/stories-and-reels.md): choose a video, checked before anything is
 * sent (type, size, and the length measured here from its metadata), see it, write a caption, and
 * Next: "Uploading…" with a progress bar while the video goes to media with the reel rules
 * (`/resources/media-upload?purpose=reel`), then the reel is made with the returned URL and the
 * caption, and the member goes to /reels.
 */
import { reelLimits, reelTexts, storyScreenTexts } from '@kora/contracts';
import { useNavigate } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { VideoIcon } from 'lucide-react';
import { uploadFiles, type Upload } from '~/components/posts/upload-media';
import { UploadProgress } from '~/components/posts/upload-progress';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { checkReelDuration, checkReelFile, measureDuration, REEL_ACCEPT } from './reel-file';
import { REEL_UPLOAD_URL, sendReel } from './reels-api';

interface Chosen {
  file: File;
  previewUrl: string;
}

export function CreateReelForm() {
  const navigate = useNavigate();
  const ids = { file: useId(), caption: useId(), hint: useId() };
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [caption, setCaption] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<Upload | null>(null);
  const preview = useRef<string | null>(null);

  // The preview holds the file in memory until revoked; an upload in flight stops on leaving.
  useEffect(
    () => () => {
      if (preview.current) URL.revokeObjectURL(preview.current);
      upload.current?.abort();
    },
    [],
  );

  function choose(next: Chosen | null) {
    if (preview.current) URL.revokeObjectURL(preview.current);
    preview.current = next?.previewUrl ?? null;
    setChosen(next);
  }

  async function onPick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const refused = checkReelFile(file);
    if (refused) {
      choose(null);
      return setError(refused);
    }
    setChecking(true);
    const tooLong = checkReelDuration(await measureDuration(file));
    setChecking(false);
    if (tooLong) {
      choose(null);
      return setError(tooLong);
    }
    setError(null);
    choose({ file, previewUrl: URL.createObjectURL(file) });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || progress !== null) return;
    setError(null);
    setProgress(0);
    upload.current = uploadFiles([chosen.file], setProgress, REEL_UPLOAD_URL);
    const uploaded = await upload.current.done;
    upload.current = null;
    if (!uploaded.ok) {
      setProgress(null);
      return setError(uploaded.error);
    }
    const made = await sendReel(uploaded.urls[0]!, caption.trim());
    if (!made.ok) {
      setProgress(null);
      return setError(made.error);
    }
    // The new reel is first in the feed, "Processing video…" until media has transcoded it.
    navigate('/reels');
  }

  const busy = progress !== null;
  return (
    <Card className="p-4 sm:p-6">
      <h1 className="text-xl font-bold tracking-tight text-slate-900">{reelTexts.createReel}</h1>
      <p id={ids.hint} className="mt-1 text-sm text-slate-600">
        {reelTexts.hint}
      </p>
      <form onSubmit={(event) => void onSubmit(event)} aria-label={reelTexts.createReel} className="mt-4 space-y-4">
        <div>
          <label
            htmlFor={ids.file}
            className="flex cursor-pointer items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-4 py-5 text-sm font-semibold text-slate-700 hover:border-brand-500 hover:bg-brand-50"
          >
            <VideoIcon className="size-5 text-brand-600" />
            {chosen ? storyScreenTexts.chooseAnotherVideo : storyScreenTexts.chooseVideo}
          </label>
          <input
            id={ids.file}
            type="file"
            accept={REEL_ACCEPT}
            onChange={(event) => void onPick(event)}
            disabled={busy}
            aria-describedby={ids.hint}
            className="sr-only"
          />
          {checking ? <p className="mt-2 text-sm text-slate-500">{storyScreenTexts.checkingVideo}</p> : null}
        </div>
        {error ? <Alert>{error}</Alert> : null}
        {chosen ? (
          <div className="mx-auto aspect-[9/16] max-h-[60dvh] overflow-hidden rounded-xl bg-black">
            <video
              src={chosen.previewUrl}
              controls
              muted
              playsInline
              aria-label={storyScreenTexts.preview}
              className="h-full w-full object-contain"
            />
          </div>
        ) : null}
        <div>
          <label htmlFor={ids.caption} className="mb-1 block text-sm font-medium text-slate-800">
            {storyScreenTexts.caption}
          </label>
          <textarea
            id={ids.caption}
            value={caption}
            onChange={(event) => setCaption(event.target.value)}
            maxLength={reelLimits.maxCaptionLength}
            placeholder={reelTexts.captionPlaceholder}
            rows={3}
            disabled={busy}
            className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
          />
        </div>
        {busy ? <UploadProgress percent={progress} /> : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={!chosen || busy || checking} aria-busy={busy || undefined}>
            {busy ? reelTexts.uploading : reelTexts.next}
          </Button>
        </div>
      </form>
    </Card>
  );
}
