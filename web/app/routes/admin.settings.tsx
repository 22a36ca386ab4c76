/**
 * /admin/settings (docs/product/admin.md): tabs General, Features, Moderation, Storage, Email,
 * Security, each a form with its own Save. The settings stream in after the page ("Loading
 * settings…" meanwhile). A save sends that section's object to PUT /api/admin/settings/{section}
 * (parsed by settings-form.ts); the toasts are the product's "Saved" / "Updated {section}
 * settings", or "Save failed" with the server's error ("Failed to update settings" when it gave
 * none).
 */
import { adminScreenTexts, adminTexts, siteSettingsSections, type SiteSettings } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Await, useFetcher, useLoaderData } from '@remix-run/react';
import { Suspense } from 'react';
import { isSection, savedText, sectionValues, settingsTabLabel } from '~/components/admin/settings-form';
import { SETTINGS_FETCHER, SettingsSectionForm } from '~/components/admin/settings-tabs';
import { AdminTabs, tabFrom } from '~/components/admin/tabs';
import { adminMeta } from '~/components/admin/title';
import { Alert } from '~/components/ui/alert';
import { useToast } from '~/components/ui/toast';
import { requireAdmin } from '~/utils/admin.server';
import { fetchSiteSettings, saveSiteSettings } from '~/utils/admin-api.server';
import { errorMessage, errorStatus } from '~/utils/api.server';
import { useFetcherResult } from '~/utils/use-fetcher-result';

export const meta = adminMeta(() => adminScreenTexts.settings);

type SettingsLoad = { ok: true; settings: SiteSettings } | { ok: false; error: string };

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireAdmin(request);
  const tab = tabFrom(new URL(request.url).searchParams, siteSettingsSections);
  const settings: Promise<SettingsLoad> = fetchSiteSettings(request, token).then(
    (settings) => ({ ok: true as const, settings }),
    (error: unknown) => ({ ok: false as const, error: errorMessage(error, adminTexts.loadSettingsFailed) }),
  );
  return data({ tab, settings }, { headers });
}

export type SettingsActionData = { ok: true; section: string; message: string } | { ok: false; section: string; error: string };

export async function action({ request }: ActionFunctionArgs) {
  const { token, headers } = await requireAdmin(request);
  const form = await request.formData();
  const section = form.get('section');
  if (!isSection(section)) {
    return data<SettingsActionData>(
      { ok: false, section: typeof section === 'string' ? section : '', error: adminScreenTexts.unknownSection },
      { status: 400, headers },
    );
  }
  try {
    await saveSiteSettings(request, token, section, sectionValues(section, form));
    return data<SettingsActionData>({ ok: true, section, message: savedText(section) }, { headers });
  } catch (error) {
    return data<SettingsActionData>(
      { ok: false, section, error: errorMessage(error, adminTexts.updateSettingsFailed) },
      { status: errorStatus(error), headers },
    );
  }
}

export default function AdminSettings() {
  const { tab, settings } = useLoaderData<typeof loader>();
  const { toast } = useToast();
  const saver = useFetcher<SettingsActionData>({ key: SETTINGS_FETCHER });
  useFetcherResult(saver, (answer) => {
    if (answer.ok) toast({ title: adminTexts.saved, description: answer.message, variant: 'success' });
    else toast({ title: adminTexts.saveFailed, description: answer.error, variant: 'error' });
  });

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">{adminScreenTexts.settings}</h1>
      <AdminTabs tabs={siteSettingsSections} tabLabel={settingsTabLabel} current={tab} label={adminScreenTexts.settingsSections}>
        <Suspense
          fallback={
            <p className="py-6 text-slate-500" role="status">
              {adminTexts.loadingSettings}
            </p>
          }
        >
          <Await resolve={settings} errorElement={<Alert>{adminTexts.loadSettingsFailed}</Alert>}>
            {(loaded) =>
              loaded.ok ? (
                // key: after a save the reloaded values replace what the fields show.
                <SettingsSectionForm key={`${tab}:${JSON.stringify(loaded.settings[tab])}`} section={tab} settings={loaded.settings} />
              ) : (
                <Alert>{loaded.error}</Alert>
              )
            }
          </Await>
        </Suspense>
      </AdminTabs>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
