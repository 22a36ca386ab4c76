/**
 * /settings (docs/product/settings.md): tabs General, Privacy, Notifications and Security. The tab
 * is URL state (`?tab=privacy`, General by default), each tab loads its current values when it
 * is opened, and each has one Save that sends the tab's whole object (an action `intent`).
 * A failed load shows the product's "Failed to fetch …" in the tab; a save answers the product's
 * toasts, and fields the rules refuse (checked here with the API's own schemas, then by the API)
 * show their text beside the field.
 *
 * Security: change password (enabled only when the current password is filled in and the new one
 * has at least 8 characters — enforced by the action too), two-step sign-in (decision 033) and the
 * member's sessions, each with Revoke. Revoking the session of this browser signs the member out.
 *
 * Your data (decision 035): the member's data archive and "Request an archive".
 */
import { archiveTexts, securityTexts as texts, settingsScreenTexts } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { useEffect, useId } from 'react';
import { ShieldIcon } from 'lucide-react';
import { ChangeEmailCard } from '~/components/settings/change-email-card';
import { BlockedMembers } from '~/components/settings/blocked-members';
import { ChangePasswordCard } from '~/components/settings/change-password-card';
import { DeleteAccountCard } from '~/components/settings/delete-account-card';
import { isLeavingIntent } from '~/components/settings/leaving';
import { DataTab } from '~/components/settings/data-tab';
import { GeneralTab } from '~/components/settings/general-tab';
import { MutedList } from '~/components/settings/muted-list';
import { NotificationsTab } from '~/components/settings/notifications-tab';
import { PrivacyTab } from '~/components/settings/privacy-tab';
import type { MemberSession, SecurityActionData } from '~/components/settings/security';
import { SessionsCard } from '~/components/settings/sessions-card';
import { isTwoStepIntent, type TwoStepActionData } from '~/components/settings/two-step';
import { TwoStepCard } from '~/components/settings/two-step-card';
import {
  SETTINGS_TABS,
  tabFailures,
  tabFromUrl,
  tabLabel,
  type ArchiveActionData,
  type SaveActionData,
  type SaveIntent,
} from '~/components/settings/tabs';
import { Alert } from '~/components/ui/alert';
import { parsePasswordChange } from '~/schemas/account';
import { parseGeneralForm, parseNotificationsForm, parsePrivacyForm, type TabForm } from '~/schemas/settings';
import { errorStatus, isClientError } from '~/utils/api.server';
import { cn } from '~/utils/misc';
import { shouldRevalidatePage } from '~/utils/revalidation';
import { fetchArchiveStatus, requestArchive } from '~/utils/archive.server';
import { requireSession, signOut } from '~/utils/session.server';
import {
  changePassword,
  fetchGeneralSettings,
  fetchNotificationSettings,
  fetchPrivacySettings,
  fetchSessions,
  revokeSession,
  saveGeneralSettings,
  saveNotificationSettings,
  savePrivacySettings,
} from '~/utils/settings.server';
import { fetchMutes } from '~/utils/mutes.server';
import { settingsCopies, staleCopies } from '~/utils/page-preferences.server';

/** What a save answers when the page must be loaded again to show what was saved. */
const RELOAD_PAGE = Symbol('reload the page');
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { twoStepAction } from '~/utils/two-step-action.server';
import { fetchTwoStepStatus } from '~/utils/two-step.server';
import { titleAndDescription } from '~/utils/page-meta';
import { formText } from '~/utils/form-submission';
import { leavingAction } from '~/utils/leaving-action.server';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(settingsScreenTexts.title, siteNameFromMatches(matches)));

export const shouldRevalidate = shouldRevalidatePage;

/** The IANA zones this server knows, UTC first (the default); the API accepts the same names. */
function timeZones(): string[] {
  return ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];
}

/** A call's answer, or null when it failed (the tab then shows its "Failed to fetch" text). */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch {
    return null;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { identity, token, headers } = await requireSession(request);
  const tab = tabFromUrl(new URL(request.url));
  const page = async () => {
    switch (tab) {
      case 'general': {
        const values = await orNull(fetchGeneralSettings(request, token));
        // Brings this browser's copies of the tab up to date (another device may have changed it).
        if (values)
          for (const cookie of settingsCopies(request, identity.userId, values, { onlyStale: true })) headers.append('Set-Cookie', cookie);
        return {
          tab,
          values,
          timeZones: timeZones(),
          today: new Date().toISOString().slice(0, 10),
        } as const;
      }
      case 'privacy': {
        const [values, mutes] = await Promise.all([orNull(fetchPrivacySettings(request, token)), orNull(fetchMutes(request, token))]);
        return { tab, values, mutes } as const;
      }
      case 'notifications':
        return { tab, values: await orNull(fetchNotificationSettings(request, token)) } as const;
      case 'security': {
        // `now`: the reference time for "last seen", so server and browser render the same words.
        const [sessions, twoStep] = await Promise.all([
          orNull<MemberSession[] | null>(fetchSessions(request, token)),
          orNull(fetchTwoStepStatus(request, token)),
        ]);
        // `twoStepRequired`: an admin the back office sent here to set up two-step sign-in (decision 033).
        return { tab, sessions, now: Date.now(), twoStep, twoStepRequired: Boolean(identity.twoStepMissing) } as const;
      }
      case 'data':
        return { tab, archive: await orNull(fetchArchiveStatus(request, token)), now: Date.now() } as const;
    }
  };
  return data(await page(), { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const { identity, token, headers } = await requireSession(request);
  const form = await request.formData();
  const intent = form.get('intent');
  // Deleting the account and changing the e-mail (decision 034).
  if (isLeavingIntent(intent)) return leavingAction(request, intent, form, token, headers);
  const reply = (answer: SecurityActionData | SaveActionData | TwoStepActionData | ArchiveActionData, status = 200) =>
    data<SecurityActionData | SaveActionData | TwoStepActionData | ArchiveActionData>(answer, { status, headers });

  if (isTwoStepIntent(intent)) {
    const { answer, status } = await twoStepAction(request, form, intent, { identity, token, headers });
    return reply(answer, status);
  }

  /** Checks the tab's form, saves it, and answers ok or why not (by field when the rules say which). */
  async function save<T>(saveIntent: SaveIntent, parsed: TabForm<T>, failure: string, call: (values: T) => Promise<unknown>) {
    if (!parsed.ok) return reply({ intent: saveIntent, ok: false, error: failure, fieldErrors: parsed.fieldErrors }, 400);
    try {
      const reload = (await call(parsed.data)) === RELOAD_PAGE;
      return reply(reload ? { intent: saveIntent, ok: true, reload } : { intent: saveIntent, ok: true });
    } catch (error) {
      return reply(
        { intent: saveIntent, ok: false, error: isClientError(error) ? error.message : failure, fieldErrors: {} },
        errorStatus(error),
      );
    }
  }

  switch (intent) {
    case 'save-general':
      return save(intent, parseGeneralForm(form), tabFailures('general').update, async (values) => {
        const saved = await saveGeneralSettings(request, values, token);
        // This browser's copies of the tab: the theme is painted as the root loader reloads after the
        // action; a new language or time zone needs a new page (decision 045).
        const newLocale = staleCopies(request, identity.userId, saved).locale;
        for (const cookie of settingsCopies(request, identity.userId, saved)) headers.append('Set-Cookie', cookie);
        if (newLocale) return RELOAD_PAGE;
      });
    case 'save-privacy':
      return save(intent, parsePrivacyForm(form), tabFailures('privacy').update, (values) => savePrivacySettings(request, values, token));
    case 'save-notifications':
      return save(intent, parseNotificationsForm(form), tabFailures('notifications').update, (values) =>
        saveNotificationSettings(request, values, token),
      );
    case 'change-password': {
      const parsed = parsePasswordChange(form);
      if (!parsed.ok) return reply({ intent, ok: false, error: parsed.error }, 400);
      try {
        await changePassword(request, parsed.data, token);
        return reply({ intent, ok: true });
      } catch (error) {
        return reply({ intent, ok: false, error: isClientError(error) ? error.message : texts.changeFailed }, errorStatus(error));
      }
    }
    case 'revoke': {
      const id = formText(form, 'id');
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
    case 'request-archive':
      try {
        await requestArchive(request, token);
        return reply({ intent, ok: true });
      } catch (error) {
        return reply({ intent, ok: false, error: isClientError(error) ? error.message : archiveTexts.failed }, errorStatus(error));
      }
  }
  return reply({ intent: 'revoke', ok: false, error: texts.unknownAction }, 400);
}

export default function SettingsPage() {
  const page = useLoaderData<typeof loader>();
  const tabId = useId();
  // On a phone the tab row scrolls sideways: the open tab (Your data is last) is brought into view.
  useEffect(() => {
    document.getElementById(`${tabId}-${page.tab}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tabId, page.tab]);
  return (
    <section aria-labelledby="settings-title" className="space-y-4">
      <h1 id="settings-title" className="text-2xl font-bold tracking-tight text-slate-900">
        {settingsScreenTexts.title}
      </h1>
      <div role="tablist" aria-label={settingsScreenTexts.sections} className="flex overflow-x-auto border-b border-slate-300">
        {SETTINGS_TABS.map((tab) => (
          <Link
            key={tab}
            to={`?tab=${tab}`}
            replace
            preventScrollReset
            role="tab"
            id={`${tabId}-${tab}`}
            aria-selected={page.tab === tab}
            aria-controls={page.tab === tab ? `${tabId}-panel` : undefined}
            className={cn(
              '-mb-px inline-flex shrink-0 items-center gap-2 border-b-[3px] px-2 pb-2 pt-1 text-sm font-semibold sm:px-3',
              page.tab === tab ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {/* The icon only where there is room: on a phone the four tabs fit in one row without it. */}
            {tab === 'security' ? <ShieldIcon className="hidden size-4 sm:block" /> : null}
            {tabLabel(tab)}
          </Link>
        ))}
      </div>
      <div role="tabpanel" id={`${tabId}-panel`} aria-labelledby={`${tabId}-${page.tab}`} className="space-y-4">
        {page.tab === 'data' ? (
          <DataTab status={page.archive} now={page.now} />
        ) : page.tab === 'security' ? (
          <>
            <ChangePasswordCard />
            <TwoStepCard status={page.twoStep} required={page.twoStepRequired} />
            <SessionsCard sessions={page.sessions} now={page.now} />
            <DeleteAccountCard twoStepOn={page.twoStep?.enabled === true} />
          </>
        ) : page.values === null ? (
          <Alert>{tabFailures(page.tab).fetch}</Alert>
        ) : page.tab === 'general' ? (
          <>
            <GeneralTab key={JSON.stringify(page.values)} values={page.values} timeZones={page.timeZones} today={page.today} />
            <ChangeEmailCard />
          </>
        ) : page.tab === 'privacy' ? (
          <>
            <PrivacyTab key={JSON.stringify(page.values)} values={page.values} />
            <MutedList mutes={page.mutes} />
            <BlockedMembers />
          </>
        ) : (
          <NotificationsTab key={JSON.stringify(page.values)} values={page.values} />
        )}
      </div>
    </section>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
