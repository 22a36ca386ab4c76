/**
 * One form per settings section (docs/product/admin.md), each with its own Save. The fields
 * are plain named inputs; settings-form.ts turns them into the section object on the server. Lists
 * are edited as text: comma separated, CORS origins one per line.
 */
import { adminTexts, type SiteSettings, type SiteSettingsSection } from '@kora/contracts';
import { useFetcher } from '@remix-run/react';
import type { ReactNode } from 'react';
import { SwitchField } from '~/components/settings/controls';
import { Card, CardBody } from '~/components/ui/card';
import { Field, inputClasses } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { cn } from '~/utils/misc';

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
        <fetcher.Form method="post" className="space-y-4" noValidate aria-label={`${section} settings`}>
          <input type="hidden" name="section" value={section} />
          {children}
          <div className="flex justify-end">
            <SubmitButton busy={busy} busyLabel="Saving…">
              Save
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
          <Field label="Site name" name="siteName" defaultValue={v.siteName} maxLength={80} />
          <Field label="Site URL" name="siteUrl" type="url" defaultValue={v.siteUrl} placeholder="https://example.com" />
          <SwitchField
            name="allowSignups"
            label="Allow new signups"
            defaultChecked={v.allowSignups}
            hint="While off, the sign-up page says sign-ups are closed."
          />
        </SectionForm>
      );
    }
    case 'features': {
      const v = settings.features;
      return (
        <SectionForm section={section}>
          <div className="divide-y divide-slate-100">
            <SwitchField name="stories" label="Stories" defaultChecked={v.stories} />
            <SwitchField name="reels" label="Reels" defaultChecked={v.reels} />
            <SwitchField name="groups" label="Groups" defaultChecked={v.groups} />
            <SwitchField name="payments" label="Payments" defaultChecked={v.payments} />
          </div>
        </SectionForm>
      );
    }
    case 'moderation': {
      const v = settings.moderation;
      return (
        <SectionForm section={section}>
          <Field label="Max post length" name="maxPostLength" inputMode="numeric" defaultValue={String(v.maxPostLength)} />
          <TextArea label="Bad words" name="badWords" defaultValue={v.badWords.join(', ')} hint="Comma separated." />
        </SectionForm>
      );
    }
    case 'storage': {
      const v = settings.storage;
      return (
        <SectionForm section={section}>
          <Field label="Max upload (MB)" name="maxUploadMB" inputMode="numeric" defaultValue={String(v.maxUploadMB)} />
          <TextArea
            label="Allowed image MIME types"
            name="allowedImageMime"
            defaultValue={v.allowedImageMime.join(', ')}
            hint="Comma separated, e.g. image/png, image/webp."
          />
          <TextArea
            label="Allowed video MIME types"
            name="allowedVideoMime"
            defaultValue={v.allowedVideoMime.join(', ')}
            hint="Comma separated, e.g. video/mp4."
          />
        </SectionForm>
      );
    }
    case 'email': {
      const v = settings.email;
      return (
        <SectionForm section={section}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="From name" name="fromName" defaultValue={v.fromName} />
            <Field label="From email" name="fromEmail" type="email" defaultValue={v.fromEmail} />
            <Field label="SMTP host" name="smtpHost" defaultValue={v.smtpHost} />
            <Field label="SMTP port" name="smtpPort" inputMode="numeric" defaultValue={String(v.smtpPort)} />
            <Field label="SMTP user" name="smtpUser" defaultValue={v.smtpUser} autoComplete="off" />
            <div className="space-y-1.5">
              <Field
                label="SMTP password"
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
          <TextArea
            label="CORS origins"
            name="corsOrigins"
            defaultValue={v.corsOrigins.join('\n')}
            rows={5}
            hint="One per line, e.g. https://example.com."
          />
          <SwitchField
            name="requireTwoStepForAdmins"
            label="Require two-step sign-in for admins"
            defaultChecked={v.requireTwoStepForAdmins}
            hint="Admins without it are sent to Settings → Security to set it up before they can use the back office."
          />
        </SectionForm>
      );
    }
  }
}
