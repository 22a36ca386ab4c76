/**
 * Reading and writing site settings. Stored sections are merged over the product's defaults, so a new
 * field added to a section later has its default until an admin changes it.
 */
import { defaultSiteSettings, MASKED_SECRET, siteSettingsSchemas, type SiteSettings, type SiteSettingsSection } from '@kora/contracts';
import type { DbOrTx, Emit } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { AdminTables } from '../db/schema.js';
import { maskedSection, recordAdminAction } from '../audit/record.js';
import { invalidSettings } from '../errors.js';

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
 * Every transaction that announces site settings takes this lock first, so their events enter the
 * outbox in the order the changes committed (and the relay keeps that order on the topic).
 */
async function lockSiteSettings(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kora.admin.site-settings'))`);
}

/**
 * Announces every section as the database holds it (defaults for a section never saved). Run at
 * each start: the topic is compacted and kept for ever, so it may hold values this database never
 * had (a database restored from a backup, or reset while the broker kept its data). The database
 * is the truth; the announcement brings every service back to it.
 */
export async function announceSiteSettings(tx: DbOrTx, tables: AdminTables, emit: Emit): Promise<void> {
  await lockSiteSettings(tx);
  const settings = await readSiteSettings(tx, tables);
  for (const section of Object.keys(settings) as SiteSettingsSection[]) {
    emit({ type: 'site-settings.updated', aggregateId: section, actorId: null, payload: { section, values: settings[section] } });
  }
}

/**
 * Validates a (possibly partial) section, merges it over the current values, stores it and emits
 * `site-settings.updated` and the audit record in the same transaction. Returns the section's new values.
 * A save that changes nothing writes nothing: no row, no event, no audit entry showing no change.
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
  if (!partial.success) throw invalidSettings(firstIssue(partial.error));
  await lockSiteSettings(tx);
  const current = (await readSiteSettings(tx, tables))[section] as Record<string, unknown>;
  const changes: Record<string, unknown> = { ...partial.data };
  // The back office sends the mask back when the admin left the password alone: keep the secret.
  if (section === 'email' && changes.smtpPassword === MASKED_SECRET) delete changes.smtpPassword;
  const values = siteSettingsSchemas[section].parse({ ...current, ...changes });
  if (isDeepStrictEqual(values, current)) return values;
  await tx
    .insert(tables.siteSettings)
    .values({ section, values, updatedBy: adminId })
    .onConflictDoUpdate({ target: tables.siteSettings.section, set: { values, updatedBy: adminId, updatedAt: new Date() } });
  emit({ type: 'site-settings.updated', aggregateId: section, actorId: adminId, payload: { section, values } });
  // The audit log keeps the section before and after, the SMTP password masked (decision 024).
  recordAdminAction(emit, {
    actorId: adminId,
    action: 'settings.updated',
    targetType: 'settings',
    targetId: section,
    before: maskedSection(current),
    after: maskedSection(values),
  });
  return values;
}
