/**
 * /settings (settings spec §2, §4, §8). The spec's tabs are General, Privacy, Notifications and
 * Security; only Security is live now (the others arrive with the settings issue, and an empty tab
 * would promise what does not work yet), so only that tab is rendered.
 *
 * Security: change password (enabled only when the current password is filled in and the new one
 * has at least 8 characters — enforced by the action too) and the member's sessions, each with
 * Revoke. Revoking the session of this browser signs the member out.
 */
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useId } from 'react';
import { ShieldIcon } from '~/components/icons';
import { ChangePasswordCard } from '~/components/settings/change-password-card';
import { securityTexts as texts, type MemberSession, type SecurityActionData } from '~/components/settings/security';
import { SessionsCard } from '~/components/settings/sessions-card';
import { parsePasswordChange } from '~/schemas/account';
import { errorStatus, isClientError } from '~/utils/api.server';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { requireSession, signOut } from '~/utils/session.server';
import { changePassword, fetchSessions, revokeSession } from '~/utils/settings.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';

export const meta: MetaFunction = ({ matches }) => [{ title: pageTitle('Settings', siteNameFromMatches(matches)) }];

export const shouldRevalidate = shouldRevalidatePage;

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  let sessions: MemberSession[] | null = null;
  try {
    sessions = await fetchSessions(request, token);
  } catch {
    sessions = null;
  }
  // The reference time for "last seen", so server and browser render the same words.
  return data({ sessions, now: Date.now() }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { identity, token, headers } = await requireSession(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const reply = (answer: SecurityActionData, status = 200) => data<SecurityActionData>(answer, { status, headers });

  if (intent === 'change-password') {
    const parsed = parsePasswordChange(form);
    if (!parsed.ok) return reply({ intent, ok: false, error: parsed.error }, 400);
    try {
      await changePassword(request, parsed.data, token);
      return reply({ intent, ok: true });
    } catch (error) {
      return reply({ intent, ok: false, error: isClientError(error) ? error.message : texts.changeFailed }, errorStatus(error));
    }
  }

  if (intent === 'revoke') {
    const id = String(form.get('id') ?? '');
    if (!id || id.length > 200) return reply({ intent, ok: false, error: texts.revokeFailed }, 400);
    try {
      await revokeSession(request, id, token);
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
  const { sessions, now } = useLoaderData<typeof loader>();
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
        <SessionsCard sessions={sessions} now={now} />
      </div>
    </section>
  );
}
