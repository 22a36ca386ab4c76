/**
 * Reading and writing site settings. Stored sections are merged over the spec's defaults, so a new
 * field added to a section later has its default until an admin changes it.
 */
import { defaultSiteSettings, MASKED_SECRET, siteSettingsSchemas, type SiteSettings, type SiteSettingsSection } from '@kora/contracts';
import { badRequest, type DbOrTx, type Emit } from '@kora/platform';
import type { AdminTables } from '../db/schema.js';

export async function readSiteSettings(db: DbOrTx, tables: AdminTables): Promise<SiteSettings> {
  const rows = await db.select().from(tables.siteSettings);
  const settings = structuredClone(defaultSiteSettings);
  for (const row of rows) {
    const section = row.section as SiteSettingsSection;
    if (!(section in settings)) continue;
    const merged = siteSettingsSchemas[section].safeParse({ ...settings[section], ...(row.values as object) });
    if (merged.success) (settings as Record<string, unknown>)[section] = merged.data;
  }
  return settings;
}

/** Secrets never leave the service in clear: a stored SMTP password is shown as ********. */
export function maskSecrets(settings: SiteSettings): SiteSettings {
  const masked = structuredClone(settings);
  if (masked.email.smtpPassword) masked.email.smtpPassword = MASKED_SECRET;
  return masked;
}

function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'The settings are not valid';
  return issue.message;
}

/**
 * Validates a (possibly partial) section, merges it over the current values, stores it and emits
 * `site-settings.updated` in the same transaction. Returns the section's new values.
 */
export async function updateSection(
  tx: DbOrTx,
  tables: AdminTables,
  emit: Emit,
  section: SiteSettingsSection,
  body: unknown,
  adminId: number,
): Promise<SiteSettings[SiteSettingsSection]> {
  const partial = siteSettingsSchemas[section].partial().strict().safeParse(body);
  if (!partial.success) throw badRequest(firstIssue(partial.error), 'INVALID_SETTINGS');
  const current = (await readSiteSettings(tx, tables))[section] as Record<string, unknown>;
  const changes: Record<string, unknown> = { ...partial.data };
  // The back office sends the mask back when the admin left the password alone: keep the secret.
  if (section === 'email' && changes.smtpPassword === MASKED_SECRET) delete changes.smtpPassword;
  const values = siteSettingsSchemas[section].parse({ ...current, ...changes });
  await tx
    .insert(tables.siteSettings)
    .values({ section, values, updatedBy: adminId })
    .onConflictDoUpdate({ target: tables.siteSettings.section, set: { values, updatedBy: adminId, updatedAt: new Date() } });
  emit({ type: 'site-settings.updated', aggregateId: section, actorId: adminId, payload: { section, values } });
  return values;
}
