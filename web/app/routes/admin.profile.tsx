/**
 * /admin/profile (docs/product/admin.md): tabs Profile, Avatar, Password, Sessions, on the admin
 * profile API (GET api/admin/profile/me, PUT api/admin/profile[/password|/avatar], GET/DELETE
 * api/admin/profile/sessions). Reached from the layout's header, not the sidebar. The Sessions tab
 * lists the admin's other sessions (this browser's own is left out: revoking it is signing out).
 */
import { adminScreenTexts, adminTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { useFetcher, useLoaderData } from '@remix-run/react';
import {
  PROFILE_FETCHER,
  PROFILE_FIELDS,
  PROFILE_TABS,
  profileTabLabel,
  profileTexts,
  type ProfileActionData,
  type ProfileIntent,
} from '~/components/admin/profile-actions';
import { AvatarForm, PasswordForm, ProfileForm, SessionsTable } from '~/components/admin/profile-tabs';
import { AdminTabs, tabFrom } from '~/components/admin/tabs';
import { adminMeta } from '~/components/admin/title';
import { Alert } from '~/components/ui/alert';
import { useToast } from '~/components/ui/toast';
import { requireAdmin } from '~/utils/admin.server';
import {
  changeAdminPassword,
  fetchAdminProfile,
  fetchAdminSessions,
  revokeAdminSession,
  updateAdminProfile,
  uploadAdminAvatar,
} from '~/utils/admin-api.server';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { useFetcherResult } from '~/utils/use-fetcher-result';
import { formText } from '~/utils/form-submission';

export const meta = adminMeta(() => adminScreenTexts.profile);

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers, identity } = await requireAdmin(request);
  const tab = tabFrom(new URL(request.url).searchParams, PROFILE_TABS);
  if (tab === 'sessions') {
    try {
      const sessions = await fetchAdminSessions(request, token);
      const others = sessions
        .filter((s) => !s.current && s.id !== identity.sessionId)
        .map(({ id, userAgent, ip, lastSeen }) => ({ id, userAgent, ip, lastSeen }));
      return data({ tab, profile: null, sessions: others, error: null }, { headers });
    } catch (error) {
      return data({ tab, profile: null, sessions: null, error: errorMessage(error, adminTexts.loadSessionsFailed) }, { headers });
    }
  }
  if (tab === 'password') return data({ tab, profile: null, sessions: null, error: null }, { headers });
  try {
    const profile = await fetchAdminProfile(request, token);
    return data({ tab, profile, sessions: null, error: null }, { headers });
  } catch (error) {
    return data({ tab, profile: null, sessions: null, error: errorMessage(error, adminTexts.fetchProfileFailed) }, { headers });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers, identity } = await requireAdmin(request);
  const form = await request.formData();
  const intent = form.get('intent');
  const reply = (answer: ProfileActionData, status = 200) => data(answer, { status, headers });
  const run = async (which: ProfileIntent, call: () => Promise<unknown>) => {
    try {
      await call();
      return reply({ intent: which, ok: true, message: profileTexts(which).done });
    } catch (error) {
      return reply({ intent: which, ok: false, error: errorMessage(error, profileTexts(which).failed) }, errorStatus(error));
    }
  };

  switch (intent) {
    case 'profile': {
      const body: Record<string, string> = {};
      for (const name of PROFILE_FIELDS) {
        const value = form.get(name);
        if (typeof value === 'string') body[name] = value.trim();
      }
      return run(intent, () => updateAdminProfile(request, token, body));
    }
    case 'password': {
      const oldPassword = formText(form, 'oldPassword');
      const newPassword = formText(form, 'newPassword');
      if (!oldPassword) return reply({ intent, ok: false, error: adminScreenTexts.enterCurrentPassword }, 400);
      if (newPassword.length < 8) return reply({ intent, ok: false, error: adminTexts.newPasswordTooShort }, 400);
      return run(intent, () => changeAdminPassword(request, token, { oldPassword, newPassword }));
    }
    case 'avatar': {
      const file = form.get('avatar');
      if (!(file instanceof File) || file.size === 0) return reply({ intent, ok: false, error: adminTexts.chooseImageFirst }, 400);
      const upload = new FormData();
      upload.set('avatar', file, file.name || 'avatar');
      return run(intent, () => uploadAdminAvatar(request, token, upload));
    }
    case 'revoke': {
      const id = formText(form, 'id');
      if (!id || id.length > 200) return reply({ intent, ok: false, error: adminTexts.revokeSessionFailed }, 400);
      // This browser's own session is not listed; refusing it here keeps a forged post from signing the admin out by surprise.
      if (id === identity.sessionId) return reply({ intent, ok: false, error: adminTexts.revokeSessionFailed }, 400);
      return run(intent, () => revokeAdminSession(request, token, id));
    }
    default:
      return reply({ intent: 'profile', ok: false, error: adminScreenTexts.unknownAction }, 400);
  }
}

export default function AdminProfilePage() {
  const page = useLoaderData<typeof loader>();
  const { toast } = useToast();
  const fetcher = useFetcher<ProfileActionData>({ key: PROFILE_FETCHER });
  useFetcherResult(fetcher, (answer) => {
    if (answer.ok) toast({ title: answer.message, variant: 'success' });
    else {
      const title = profileTexts(answer.intent).failed;
      toast({ title, description: answer.error === title ? undefined : answer.error, variant: 'error' });
    }
  });

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{adminScreenTexts.profile}</h1>
      <AdminTabs tabs={PROFILE_TABS} tabLabel={profileTabLabel} current={page.tab} label={adminScreenTexts.profileSections}>
        {page.error ? (
          <Alert>{page.error}</Alert>
        ) : page.tab === 'password' ? (
          <PasswordForm />
        ) : page.tab === 'sessions' ? (
          <SessionsTable sessions={page.sessions ?? []} />
        ) : page.profile === null ? null : page.tab === 'avatar' ? (
          <AvatarForm profile={page.profile} />
        ) : (
          <ProfileForm key={JSON.stringify(page.profile)} profile={page.profile} />
        )}
      </AdminTabs>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
