/**
 * One form per settings section (docs/product/admin.md), each with its own Save. The fields
 * are plain named inputs; settings-form.ts turns them into the section object on the server. Lists
 * are edited as text: comma separated, CORS origins one per line.
 */
import { adminScreenTexts as t, adminTexts, type SiteSettings, type SiteSettingsSection } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import type { ReactNode } from 'react';
import { SwitchField } from '~/components/settings/controls';
import { Card, CardBody } from '~/components/ui/card';
import { Field, inputClasses } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { cn } from '~/utils/misc';
import { settingsTabLabel } from './settings-form';

export const SETTINGS_FETCHER = 'admin-settings';

function TextArea({
  label,
  name,
  defaultValue,
  hint,
  rows = 3,
}: {
  label: string;
  name: string;
  defaultValue: string;
  hint?: string;
  rows?: number;
}) {
  return (
    <label className="block space-y-1.5">
      <span className="block text-sm font-medium text-slate-700">{label}</span>
      <textarea name={name} defaultValue={defaultValue} rows={rows} className={cn(inputClasses, 'h-auto py-2')} />
      {hint ? <span className="block text-sm text-slate-500">{hint}</span> : null}
    </label>
  );
}

function SectionForm({ section, children }: { section: SiteSettingsSection; children: ReactNode }) {
  const fetcher = useFetcher({ key: SETTINGS_FETCHER });
  const busy = fetcher.state !== 'idle' && fetcher.formData?.get('section') === section;
  return (
    <Card>
      <CardBody>
        <fetcher.Form method="post" className="space-y-4" noValidate aria-label={t.sectionSettings(settingsTabLabel(section))}>
          <input type="hidden" name="section" value={section} />
          {children}
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

export function SettingsSectionForm({ section, settings }: { section: SiteSettingsSection; settings: SiteSettings }) {
  switch (section) {
    case 'general': {
      const v = settings.general;
      return (
        <SectionForm section={section}>
          <Field label={t.siteName} name="siteName" defaultValue={v.siteName} maxLength={80} />
          <Field label={t.siteUrl} name="siteUrl" type="url" defaultValue={v.siteUrl} placeholder="https://example.com" />
          <SwitchField name="allowSignups" label={t.allowSignups} defaultChecked={v.allowSignups} hint={t.allowSignupsHint} />
        </SectionForm>
      );
    }
    case 'features': {
      const v = settings.features;
      return (
        <SectionForm section={section}>
          <div className="divide-y divide-slate-100">
            <SwitchField name="stories" label={t.stories} defaultChecked={v.stories} />
            <SwitchField name="reels" label={t.reels} defaultChecked={v.reels} />
            <SwitchField name="groups" label={t.groups} defaultChecked={v.groups} />
            <SwitchField name="payments" label={t.payments} defaultChecked={v.payments} />
          </div>
        </SectionForm>
      );
    }
    case 'moderation': {
      const v = settings.moderation;
      return (
        <SectionForm section={section}>
          <Field label={t.maxPostLength} name="maxPostLength" inputMode="numeric" defaultValue={String(v.maxPostLength)} />
          <TextArea label={t.badWords} name="badWords" defaultValue={v.badWords.join(', ')} hint={t.commaSeparated} />
        </SectionForm>
      );
    }
    case 'storage': {
      const v = settings.storage;
      return (
        <SectionForm section={section}>
          <Field label={t.maxUpload} name="maxUploadMB" inputMode="numeric" defaultValue={String(v.maxUploadMB)} />
          <TextArea
            label={t.allowedImageMime}
            name="allowedImageMime"
            defaultValue={v.allowedImageMime.join(', ')}
            hint={t.allowedImageMimeHint}
          />
          <TextArea
            label={t.allowedVideoMime}
            name="allowedVideoMime"
            defaultValue={v.allowedVideoMime.join(', ')}
            hint={t.allowedVideoMimeHint}
          />
        </SectionForm>
      );
    }
    case 'email': {
      const v = settings.email;
      return (
        <SectionForm section={section}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t.fromName} name="fromName" defaultValue={v.fromName} />
            <Field label={t.fromEmail} name="fromEmail" type="email" defaultValue={v.fromEmail} />
            <Field label={t.smtpHost} name="smtpHost" defaultValue={v.smtpHost} />
            <Field label={t.smtpPort} name="smtpPort" inputMode="numeric" defaultValue={String(v.smtpPort)} />
            <Field label={t.smtpUser} name="smtpUser" defaultValue={v.smtpUser} autoComplete="off" />
            <div className="space-y-1.5">
              <Field
                label={t.smtpPassword}
                name="smtpPassword"
                type="password"
                defaultValue={v.smtpPassword}
                autoComplete="new-password"
                aria-describedby="smtp-password-hint"
              />
              <p id="smtp-password-hint" className="text-sm text-slate-500">
                {adminTexts.smtpPasswordHint}
              </p>
            </div>
          </div>
        </SectionForm>
      );
    }
    case 'security': {
      const v = settings.security;
      return (
        <SectionForm section={section}>
          <TextArea label={t.corsOrigins} name="corsOrigins" defaultValue={v.corsOrigins.join('\n')} rows={5} hint={t.corsOriginsHint} />
          <SwitchField
            name="requireTwoStepForAdmins"
            label={t.requireTwoStep}
            defaultChecked={v.requireTwoStepForAdmins}
            hint={t.requireTwoStepHint}
          />
        </SectionForm>
      );
    }
  }
}
