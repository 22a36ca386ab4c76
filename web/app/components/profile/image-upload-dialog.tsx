/**
 * Change picture / change cover (docs/product/accounts.md): an image file input, a local preview,
 * Cancel and Save. Save posts the file (multipart) to the profile route's action, which forwards
 * it to the accounts service and then goes to /profile/{id}.
 */
import { authTexts, profileScreenTexts as texts } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { ImageIcon } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { Modal } from '~/components/ui/dialog';
import { DialogActions } from '~/components/ui/dialog-actions';
import { cn } from '~/utils/misc';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import type { ImageKind, ProfileActionData } from './types';

export function ImageUploadDialog({ kind, open, onOpenChange }: { kind: ImageKind; open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={kind === 'avatar' ? texts.changeProfilePicture : texts.changeCoverPhoto}
      description={texts.chooseImage}
    >
      {/* Mounted only while open: every opening starts with an empty form and a fresh fetcher. */}
      <UploadForm kind={kind} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function UploadForm({ kind, onDone }: { kind: ImageKind; onDone: () => void }) {
  const fetcher = useFetcher<ProfileActionData>();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  const submitted = useRef(false);
  const busy = fetcher.state !== 'idle';

  // Object URLs hold the file in memory until revoked.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) onDone();
  });
  // A successful save redirects (no data comes back): close once the fetcher is idle again.
  useEffect(() => {
    if (busy) submitted.current = true;
    else if (submitted.current && fetcher.data === undefined) onDone();
  }, [busy, fetcher.data, onDone]);

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    setLocalError(null);
    setPreview(file ? URL.createObjectURL(file) : null);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!inputRef.current?.files?.length) {
      event.preventDefault();
      setLocalError(authTexts.imageRequired);
    }
  }

  const error = localError ?? (fetcher.data && !fetcher.data.ok && !busy ? fetcher.data.error : null);

  return (
    <fetcher.Form method="post" encType="multipart/form-data" onSubmit={onSubmit} noValidate className="space-y-4">
      <input type="hidden" name="intent" value={kind} />
      <div
        className={cn(
          'flex items-center justify-center overflow-hidden border-2 border-dashed border-slate-300 bg-slate-50',
          kind === 'avatar' ? 'mx-auto size-40 rounded-full' : 'aspect-[3/1] w-full rounded-lg',
        )}
      >
        {preview ? (
          <img src={preview} alt={texts.imagePreview} className="size-full object-cover" />
        ) : (
          <ImageIcon className="size-10 text-slate-400" />
        )}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
          {texts.imageFile}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          name="image"
          accept="image/*"
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-brand-700 hover:file:bg-brand-100"
        />
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <DialogActions busy={busy} onCancel={onDone} />
    </fetcher.Form>
  );
}
