/**
 * The admin profile's four tabs (docs/product/admin.md): the profile fields, the avatar (choose →
 * local preview → Save uploads, preview cleared), the password (Change enabled only when the current
 * one is typed and the new one has 8 characters), and the other signed-in sessions with Revoke.
 * Every form posts to the page's action through one fetcher, whose answer the page toasts.
 */
import { adminScreenTexts as t, adminTexts, deviceLabel, type AdminProfile } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '~/components/avatar';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { Card, CardBody } from '~/components/ui/card';
import { Field, inputClasses } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { formatDateTime } from '~/utils/dates';
import { cn } from '~/utils/misc';
import { canChangePassword, MIN_NEW_PASSWORD, PROFILE_FETCHER, type ProfileActionData, type ProfileIntent } from './profile-actions';

function useProfileFetcher(intent: ProfileIntent) {
  const fetcher = useFetcher<ProfileActionData>({ key: PROFILE_FETCHER });
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('intent') === intent;
  const error = fetcher.state === 'idle' && fetcher.data && !fetcher.data.ok && fetcher.data.intent === intent ? fetcher.data.error : null;
  return { fetcher, busy, error };
}

export function ProfileForm({ profile }: { profile: AdminProfile }) {
  const { fetcher, busy, error } = useProfileFetcher('profile');
  return (
    <Card>
      <CardBody>
        <fetcher.Form method="post" className="space-y-4" noValidate aria-label={t.profile}>
          <input type="hidden" name="intent" value="profile" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t.username} name="username" defaultValue={profile.username} autoComplete="username" />
            <Field label={t.email} name="email" type="email" defaultValue={profile.email} autoComplete="email" />
            <Field label={t.firstName} name="firstname" defaultValue={profile.firstname} autoComplete="given-name" />
            <Field label={t.lastName} name="lastname" defaultValue={profile.lastname} autoComplete="family-name" />
          </div>
          <label className="block space-y-1.5">
            <span className="block text-sm font-medium text-slate-700">{t.bio}</span>
            <textarea name="bio" defaultValue={profile.bio} rows={3} maxLength={500} className={cn(inputClasses, 'h-auto py-2')} />
          </label>
          <Field label={t.timezone} name="timezone" defaultValue={profile.timezone} placeholder="Asia/Kolkata" />
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex justify-end">
            <SubmitButton busy={busy} busyLabel={t.saving}>
              {t.save}
            </SubmitButton>
          </div>
        </fetcher.Form>
      </CardBody>
    </Card>
  );
}

export function AvatarForm({ profile }: { profile: AdminProfile }) {
  const { fetcher, busy, error } = useProfileFetcher('avatar');
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // The preview is a local object URL: let it go when replaced or when the tab closes.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // After a successful upload the preview and the chosen file are cleared.
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.intent === 'avatar' && fetcher.data.ok) {
      setPreview(null);
      if (input.current) input.current.value = '';
    }
  }, [fetcher.state, fetcher.data]);

  return (
    <Card>
      <CardBody>
        <fetcher.Form
          method="post"
          encType="multipart/form-data"
          className="space-y-4"
          aria-label={t.avatar}
          onSubmit={(event) => {
            if (!input.current?.files?.length) {
              event.preventDefault();
              setProblem(adminTexts.chooseImageFirst);
            }
          }}
        >
          <input type="hidden" name="intent" value="avatar" />
          <div className="flex flex-wrap items-center gap-5">
            <div className="text-center">
              <Avatar name={profile.username} src={profile.profileImage} className="size-20 text-2xl" />
              <p className="mt-1 text-xs text-slate-500">{t.current}</p>
            </div>
            {preview ? (
              <div className="text-center">
                <img src={preview} alt={t.newAvatarPreview} className="size-20 rounded-full object-cover" />
                <p className="mt-1 text-xs text-slate-500">{t.preview}</p>
              </div>
            ) : null}
          </div>
          <label className="block space-y-1.5">
            <span className="block text-sm font-medium text-slate-700">{t.chooseImage}</span>
            <input
              ref={input}
              type="file"
              name="avatar"
              accept="image/*"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                setProblem(null);
                setPreview(file ? URL.createObjectURL(file) : null);
              }}
              className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold hover:file:bg-slate-200"
            />
          </label>
          {(problem ?? error) ? <Alert>{problem ?? error}</Alert> : null}
          <div className="flex justify-end">
            <SubmitButton busy={busy} busyLabel={t.uploading}>
              {t.save}
            </SubmitButton>
          </div>
        </fetcher.Form>
      </CardBody>
    </Card>
  );
}

export function PasswordForm() {
  const { fetcher, busy, error } = useProfileFetcher('password');
  const [oldPassword, setOld] = useState('');
  const [newPassword, setNew] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.intent === 'password' && fetcher.data.ok) {
      form.current?.reset();
      setOld('');
      setNew('');
    }
  }, [fetcher.state, fetcher.data]);
  const tooShort = newPassword.length > 0 && newPassword.length < MIN_NEW_PASSWORD;
  return (
    <Card>
      <CardBody>
        <fetcher.Form ref={form} method="post" className="max-w-md space-y-4" aria-label={t.password}>
          <input type="hidden" name="intent" value="password" />
          <Field
            label={t.oldPassword}
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            onChange={(e) => setOld(e.currentTarget.value)}
          />
          <Field
            label={t.newPassword}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            onChange={(e) => setNew(e.currentTarget.value)}
            error={tooShort ? adminTexts.newPasswordTooShort : undefined}
          />
          {error ? <Alert>{error}</Alert> : null}
          <div className="flex justify-end">
            <SubmitButton busy={busy} busyLabel={t.changing} disabled={!canChangePassword(oldPassword, newPassword)}>
              {t.changePassword}
            </SubmitButton>
          </div>
        </fetcher.Form>
      </CardBody>
    </Card>
  );
}

export interface SessionRow {
  id: string;
  userAgent: string;
  ip: string;
  lastSeen: string;
}

export function SessionsTable({ sessions }: { sessions: SessionRow[] }) {
  const fetcher = useFetcher<ProfileActionData>({ key: PROFILE_FETCHER });
  if (sessions.length === 0)
    return <p className="rounded-xl bg-white p-6 text-center text-slate-500 shadow-card">{adminTexts.noOtherSessions}</p>;
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-card">
      <table className="w-full min-w-[560px] text-left text-sm">
        <caption className="sr-only">{t.otherSessions}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t.device}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t.ip}
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              {t.lastSeen}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-semibold">
              {t.revoke}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {sessions.map((session) => {
            const busy = fetcher.state !== 'idle' && fetcher.formData?.get('id') === session.id;
            return (
              <tr key={session.id}>
                <td className="px-4 py-3 text-slate-900" title={session.userAgent}>
                  {deviceLabel(session.userAgent)}
                </td>
                <td className="px-4 py-3 tabular-nums text-slate-700">{session.ip}</td>
                <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDateTime(session.lastSeen)}</td>
                <td className="px-4 py-3 text-right">
                  <Button
                    size="sm"
                    variant="danger"
                    disabled={busy}
                    aria-label={t.revokeNamed(deviceLabel(session.userAgent), session.ip)}
                    onClick={() => fetcher.submit({ intent: 'revoke', id: session.id }, { method: 'post' })}
                  >
                    {busy ? t.revoking : t.revoke}
                  </Button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
