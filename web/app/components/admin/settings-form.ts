/**
 * Reading the back office's settings forms into the section objects PUT /api/admin/settings/{section}
 * takes (docs/product/admin.md): a number that does not read as one falls back to the product's
 * default (max post length 5000, max upload 20 MB, SMTP port 587); lists split on commas (CORS
 * origins on new lines), each entry trimmed, empty ones dropped. Switches are checkboxes: present
 * means on. The SMTP password is sent as typed: ******** (what the page shows for a stored one)
 * keeps the secret.
 */
import {
  adminScreenTexts as t,
  defaultSiteSettings,
  siteSettingsSections,
  type SiteSettings,
  type SiteSettingsSection,
} from '@kora/contracts';
import { formText } from '~/utils/form-submission';

/** A section's name, read at render (in the page's language). */
export function settingsTabLabel(section: SiteSettingsSection): string {
  switch (section) {
    case 'general':
      return t.sectionGeneral;
    case 'features':
      return t.sectionFeatures;
    case 'moderation':
      return t.sectionModeration;
    case 'storage':
      return t.sectionStorage;
    case 'email':
      return t.sectionEmail;
    case 'security':
      return t.sectionSecurity;
  }
}

/** A whole number from a field, or `fallback` when the field does not read as a number. */
export function numberOr(value: string, fallback: number): number {
  const trimmed = value.trim();
  if (trimmed === '') return fallback;
  const n = Number(trimmed);
  return Number.isFinite(n) ? n : fallback;
}

/** "a, b,,c " → ['a', 'b', 'c']; `separator` is a comma, or new lines for CORS origins. */
export function listOf(value: string, separator: RegExp = /,/): string[] {
  return value
    .split(separator)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

const on = (form: FormData, name: string) => form.get(name) !== null && form.get(name) !== 'off';

export function sectionValues<S extends SiteSettingsSection>(section: S, form: FormData): SiteSettings[S];
export function sectionValues(section: SiteSettingsSection, form: FormData): SiteSettings[SiteSettingsSection] {
  switch (section) {
    case 'general':
      return {
        siteName: formText(form, 'siteName').trim(),
        siteUrl: formText(form, 'siteUrl').trim(),
        allowSignups: on(form, 'allowSignups'),
      };
    case 'features':
      return { stories: on(form, 'stories'), reels: on(form, 'reels'), groups: on(form, 'groups'), payments: on(form, 'payments') };
    case 'moderation':
      return {
        maxPostLength: numberOr(formText(form, 'maxPostLength'), defaultSiteSettings.moderation.maxPostLength),
        badWords: listOf(formText(form, 'badWords')),
      };
    case 'storage':
      return {
        maxUploadMB: numberOr(formText(form, 'maxUploadMB'), defaultSiteSettings.storage.maxUploadMB),
        allowedImageMime: listOf(formText(form, 'allowedImageMime')),
        allowedVideoMime: listOf(formText(form, 'allowedVideoMime')),
      };
    case 'email':
      return {
        fromName: formText(form, 'fromName').trim(),
        fromEmail: formText(form, 'fromEmail').trim(),
        smtpHost: formText(form, 'smtpHost').trim(),
        smtpPort: numberOr(formText(form, 'smtpPort'), defaultSiteSettings.email.smtpPort),
        smtpUser: formText(form, 'smtpUser').trim(),
        smtpPassword: formText(form, 'smtpPassword'),
      };
    case 'security':
      return {
        corsOrigins: listOf(formText(form, 'corsOrigins'), /\r?\n/),
        requireTwoStepForAdmins: on(form, 'requireTwoStepForAdmins'),
      };
  }
}

export function isSection(value: unknown): value is SiteSettingsSection {
  return typeof value === 'string' && (siteSettingsSections as readonly string[]).includes(value);
}

/** The toast after a save (docs/product/admin.md: "Saved" with "Updated {section} settings"). */
export function savedText(section: SiteSettingsSection): string {
  return t.sectionSaved(section);
}
