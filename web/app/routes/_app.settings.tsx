/**
 * /settings (settings spec §2, §4, §8). The spec's tabs are General, Privacy, Notifications and
 * Security; only Security is live now (the others arrive with the settings issue, and an empty tab
 * would promise what does not work yet), so only that tab is rendered.
 *
 * Security: change password (enabled only when the current password is filled in and the new one
 * has at least 8 characters — enforced by the action too) and the member's sessions, each with
 * Revoke. Revoking the session of this browser signs the member out.
 */
import { sessionSchema } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useFetcher, useLoaderData } from '@remix-run/react';
import { useId, useRef, useState } from 'react';
import { z } from 'zod';
import { ShieldIcon } from '~/components/icons';
import { Alert } from '~/components/ui/alert';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { Field } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { useToast } from '~/components/ui/toast';
import { canChangePassword, parsePasswordChange } from '~/schemas/account';
import { apiFetch, errorStatus, isClientError } from '~/utils/api.server';
import { formatDateTime, timeAgo } from '~/utils/dates';
import { deviceLabel } from '~/utils/device';
import { cn } from '~/utils/misc';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession, signOut } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { useHydrated } from '~/utils/use-hydrated';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle('Settings', siteNameFromMatches(matches)) }];

export const shouldRevalidate = shouldRevalidatePage;

const texts = {
  fetchSessionsFailed: 'Failed to fetch sessions',
  revokeFailed: 'Failed to revoke session',
  changeFailed: 'Failed to change password',
  saved: 'Saved',
  savedDescription: 'Your settings were updated successfully.',
  saveFailed: 'Save failed',
  revoked: 'Session revoked',
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  let sessions: z.infer<typeof sessionSchema>[] | null = null;
  try {
    sessions = await apiFetch(request, '/api/settings/security/sessions', { token, schema: z.array(sessionSchema) });
  } catch {
    sessions = null;
  }
  // The reference time for "last seen", so server and browser render the same words.
  return data({ sessions, now: Date.now() }, { headers });
}

type SecurityActionData =
  | { intent: 'change-password'; ok: true }
  | { intent: 'change-password'; ok: false; error: string }
  | { intent: 'revoke'; ok: true }
  | { intent: 'revoke'; ok: false; error: string };

export async function action({ request }: ActionFunctionArgs) {
  const { identity, token, headers } = await requireSession(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const reply = (answer: SecurityActionData, status = 200) => data<SecurityActionData>(answer, { status, headers });

  if (intent === 'change-password') {
    const parsed = parsePasswordChange(form);
    if (!parsed.ok) return reply({ intent, ok: false, error: parsed.error }, 400);
    try {
      await apiFetch(request, '/api/settings/security/password', { method: 'PUT', json: parsed.data, token });
      return reply({ intent, ok: true });
    } catch (error) {
      return reply({ intent, ok: false, error: isClientError(error) ? error.message : texts.changeFailed }, errorStatus(error));
    }
  }

  if (intent === 'revoke') {
    const id = String(form.get('id') ?? '');
    if (!id || id.length > 200) return reply({ intent, ok: false, error: texts.revokeFailed }, 400);
    try {
      await apiFetch(request, `/api/settings/security/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', token });
    } catch (error) {
      return reply({ intent, ok: false, error: texts.revokeFailed }, errorStatus(error));
    }
    if (id === identity.sessionId) {
      // This browser's own session: it has ended, so the cookies go and the member signs in again.
      throw redirect('/login', { headers: await signOut(request, null) });
    }
    return reply({ intent, ok: true });
  }

  return reply({ intent: 'revoke', ok: false, error: 'Unknown action' }, 400);
}

export default function SettingsPage() {
  const tabId = useId();
  return (
    <section aria-labelledby="settings-title" className="space-y-4">
      <h1 id="settings-title" className="text-2xl font-bold tracking-tight text-slate-900">
        Settings
      </h1>
      <div role="tablist" aria-label="Settings sections" className="flex gap-1 border-b border-slate-300">
        <button
          type="button"
          role="tab"
          id={`${tabId}-security`}
          aria-selected="true"
          aria-controls={`${tabId}-security-panel`}
          className="-mb-px inline-flex items-center gap-2 border-b-[3px] border-brand-600 px-3 pb-2 pt-1 text-sm font-semibold text-brand-700"
        >
          <ShieldIcon className="size-4" />
          Security
        </button>
      </div>
      <div role="tabpanel" id={`${tabId}-security-panel`} aria-labelledby={`${tabId}-security`} className="space-y-4">
        <ChangePasswordCard />
        <SessionsCard />
      </div>
    </section>
  );
}

function ChangePasswordCard() {
  const fetcher = useFetcher<SecurityActionData>();
  const { toast } = useToast();
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const busy = fetcher.state !== 'idle';

  useFetcherResult(fetcher, (answer) => {
    if (answer.intent !== 'change-password') return;
    if (answer.ok) {
      toast({ title: texts.saved, description: texts.savedDescription, variant: 'success' });
      formRef.current?.reset();
      setCurrent('');
      setNext('');
    } else {
      toast({ title: texts.saveFailed, description: answer.error || texts.changeFailed, variant: 'error' });
    }
  });

  // Before hydration the button stays usable so the form works without JavaScript (the action
  // applies the same rule).
  const enabled = !hydrated || canChangePassword(current, next);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Change password</CardTitle>
      </CardHeader>
      <CardBody>
        <fetcher.Form ref={formRef} method="post" noValidate className="space-y-4 sm:max-w-md">
          <input type="hidden" name="intent" value="change-password" />
          <Field
            label="Current password"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
            required
          />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            value={next}
            onChange={(event) => setNext(event.target.value)}
            minLength={8}
            aria-describedby="new-password-hint"
            required
          />
          <p id="new-password-hint" className="-mt-2 text-xs text-slate-500">
            At least 8 characters.
          </p>
          {fetcher.data?.intent === 'change-password' && !fetcher.data.ok && !busy ? (
            <Alert>{fetcher.data.error}</Alert>
          ) : null}
          <SubmitButton busy={busy} disabled={!enabled} busyLabel="Saving…">
            Change password
          </SubmitButton>
        </fetcher.Form>
      </CardBody>
    </Card>
  );
}

// One fetcher shared by every row: a revoked row disappears when the list reloads, so the answer
// (and its toast) must be handled by something that outlives the row.
const REVOKE_FETCHER = 'revoke-session';

function SessionsCard() {
  const { sessions, now } = useLoaderData<typeof loader>();
  const revoke = useFetcher<SecurityActionData>({ key: REVOKE_FETCHER });
  const { toast } = useToast();

  useFetcherResult(revoke, (answer) => {
    if (answer.intent !== 'revoke') return;
    if (answer.ok) toast({ title: texts.revoked, variant: 'success' });
    else toast({ title: texts.revokeFailed, variant: 'error' });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Where you&apos;re signed in</CardTitle>
      </CardHeader>
      <CardBody>
        {sessions === null ? (
          <Alert>{texts.fetchSessionsFailed}</Alert>
        ) : sessions.length === 0 ? (
          <p className="text-slate-500">No active sessions</p>
        ) : (
          <div className="-mx-4 overflow-x-auto sm:mx-0">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Your sessions</caption>
              <thead className="border-b border-slate-200 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold sm:px-2">
                    Device
                  </th>
                  <th scope="col" className="hidden px-2 py-2 font-semibold sm:table-cell">
                    IP
                  </th>
                  <th scope="col" className="hidden px-2 py-2 font-semibold sm:table-cell">
                    Last seen
                  </th>
                  <th scope="col" className="px-4 py-2 text-right font-semibold sm:px-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {sessions.map((session) => (
                  <SessionRow key={session.id} session={session} now={now} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardBody>
    </Card>
  );
}

function SessionRow({ session, now }: { session: z.infer<typeof sessionSchema>; now: number }) {
  const fetcher = useFetcher<SecurityActionData>({ key: REVOKE_FETCHER });
  const device = deviceLabel(session.userAgent);
  const lastSeen = timeAgo(session.lastSeen, now);
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('id') === session.id;

  return (
    <tr className={cn(busy && 'opacity-60')} data-session-id={session.id}>
      <td className="px-4 py-3 align-top sm:px-2">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900" title={session.userAgent}>
            {device}
          </span>
          {session.current ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">This device</span>
          ) : null}
        </div>
        {/* Phones: IP and last seen under the device instead of in their own columns. */}
        <p className="mt-0.5 text-xs text-slate-500 sm:hidden">
          {session.ip} · <span title={formatDateTime(session.lastSeen)}>{lastSeen}</span>
        </p>
      </td>
      <td className="hidden px-2 py-3 align-top text-slate-700 sm:table-cell">{session.ip}</td>
      <td className="hidden px-2 py-3 align-top text-slate-700 sm:table-cell">
        <time dateTime={session.lastSeen} title={formatDateTime(session.lastSeen)}>
          {lastSeen}
        </time>
      </td>
      <td className="px-4 py-3 text-right align-top sm:px-2">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="id" value={session.id} />
          <SubmitButton
            variant="secondary"
            size="sm"
            busy={busy}
            aria-label={`Revoke ${device}${session.current ? ' (this device)' : ''}, last seen ${lastSeen}`}
          >
            Revoke
          </SubmitButton>
        </fetcher.Form>
      </td>
    </tr>
  );
}
