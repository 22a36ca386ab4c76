/**
 * A group's picture in the create and settings forms: pick an image, see it at once (an object
 * URL), and it uploads straight away through the composer's upload route (with progress); the
 * stored URL goes into the form's hidden `picture` field, so saving sends only that. Removing it
 * sends no picture (the group then shows its initial).
 */
import { groupScreenTexts as texts, mediaTexts } from '@kora/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { ImageIcon } from 'lucide-react';
import { Button, buttonClasses } from '~/components/ui/button';
import type { Upload } from '~/components/posts/upload-media';
import { UploadProgress } from '~/components/posts/upload-progress';
import { cn } from '~/utils/misc';
import { GroupPicture } from './group-picture';

export function PictureField({
  title,
  initial,
  error,
  onUploadingChange,
}: {
  /** The group's title so far (the tile shown without a picture). */
  title: string;
  initial: string | null;
  error?: string | undefined;
  onUploadingChange: (uploading: boolean) => void;
}) {
  const [url, setUrl] = useState<string | null>(initial);
  const [preview, setPreview] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useRef<Upload | null>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  async function onPick(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setProblem(mediaTexts.unsupported);
      return;
    }
    setProblem(null);
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onUploadingChange(true);
    const { uploadFiles } = await import('~/components/posts/upload-media');
    upload.current = uploadFiles([file], setProgress);
    const result = await upload.current.done;
    upload.current = null;
    setProgress(null);
    onUploadingChange(false);
    if (result.ok) setUrl(result.urls[0] ?? null);
    else {
      setPreview(null);
      setProblem(result.error);
    }
  }

  function onRemove() {
    setUrl(null);
    setPreview(null);
    setProblem(null);
  }

  const shown = preview ?? url;
  const message = problem ?? error;
  return (
    <fieldset className="space-y-2" aria-describedby={message ? errorId : undefined}>
      <legend className="text-sm font-medium text-slate-700">{texts.pictureLabel}</legend>
      <input type="hidden" name="picture" value={url ?? ''} />
      <GroupPicture title={title || '?'} picture={shown} className="aspect-[3/1] w-full rounded-lg" initialClassName="text-4xl" />
      {progress !== null ? <UploadProgress percent={progress} /> : null}
      <div className="flex flex-wrap gap-2">
        <label
          className={cn(
            buttonClasses('secondary', 'sm'),
            'cursor-pointer focus-within:ring-2 focus-within:ring-brand-500',
            progress !== null && 'pointer-events-none opacity-60',
          )}
        >
          <ImageIcon className="size-4 text-brand-600" />
          {shown ? texts.changePicture : texts.choosePicture}
          <input
            id={inputId}
            type="file"
            accept="image/*"
            disabled={progress !== null}
            className="sr-only"
            onChange={(event) => {
              void onPick(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        {shown && progress === null ? (
          <Button variant="ghost" size="sm" onClick={onRemove}>
            {texts.removePicture}
          </Button>
        ) : null}
      </div>
      {message ? (
        <p id={errorId} className="text-sm text-red-600">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
