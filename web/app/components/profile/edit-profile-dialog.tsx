/** Edit Profile (owner only): first name, last name and bio → PUT /api/users/{id}. */
import { profileScreenTexts as texts, type Profile } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useId } from 'react';
import { Alert } from '~/components/ui/alert';
import { Modal } from '~/components/ui/dialog';
import { Field, inputClasses } from '~/components/ui/input';
import { DialogActions } from '~/components/ui/dialog-actions';
import { useToast } from '~/components/ui/toast';
import { cn } from '~/utils/misc';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import type { ProfileActionData } from './types';

export const BIO_MAX = 500;

export function EditProfileDialog({
  profile,
  open,
  onOpenChange,
}: {
  profile: Pick<Profile, 'firstname' | 'lastname' | 'bio'>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={texts.editProfile}>
      <EditForm profile={profile} onDone={() => onOpenChange(false)} />
    </Modal>
  );
}

function EditForm({ profile, onDone }: { profile: Pick<Profile, 'firstname' | 'lastname' | 'bio'>; onDone: () => void }) {
  const fetcher = useFetcher<ProfileActionData>();
  const { toast } = useToast();
  const bioId = useId();
  const busy = fetcher.state !== 'idle';

  useFetcherResult(fetcher, (answer) => {
    if (!answer.ok) return;
    toast({ title: texts.profileUpdated, variant: 'success' });
    onDone();
  });

  const error = fetcher.data && !fetcher.data.ok && !busy ? fetcher.data.error : null;

  return (
    <fetcher.Form method="post" noValidate className="space-y-4">
      <input type="hidden" name="intent" value="update-profile" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={texts.firstName} name="firstname" autoComplete="given-name" defaultValue={profile.firstname} required />
        <Field label={texts.lastName} name="lastname" autoComplete="family-name" defaultValue={profile.lastname} required />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={bioId} className="block text-sm font-medium text-slate-700">
          {texts.bio}
        </label>
        <textarea
          id={bioId}
          name="bio"
          rows={4}
          maxLength={BIO_MAX}
          defaultValue={profile.bio}
          placeholder={texts.bioPlaceholder}
          className={cn(inputClasses, 'h-auto min-h-24 py-2')}
        />
      </div>
      {error ? <Alert>{error}</Alert> : null}
      <DialogActions busy={busy} onCancel={onDone} />
    </fetcher.Form>
  );
}
