/**
 * Site settings for the back office (GET /api/admin/settings, PUT /api/admin/settings/{section}; docs/product/admin.md).
 * Admins only (an `adminRoutes` group); every change is announced to the other services as `site-settings.updated`.
 */
import {
  adminTexts,
  errorBodySchema,
  siteSettingsSchema,
  siteSettingsSectionAnswer,
  siteSettingsSectionBody,
  siteSettingsSections,
  type SiteSettingsSection,
} from '@kora/contracts';
import { adminOf, adminOnly, type ServiceApp, type ServiceContext } from '@kora/platform/service';
import { z } from 'zod';
import type { AdminConfig } from '../config.js';
import type { AdminTables } from '../db/schema.js';
import { invalidSettings } from '../errors.js';
import { isLocalSmtpHost } from '../site-settings/smtp-host.js';
import { maskSecrets, readSiteSettings, updateSection } from '../site-settings/store.js';

const sectionParam = z.object({
  section: z.enum(siteSettingsSections as [SiteSettingsSection, ...SiteSettingsSection[]], {
    error: `Unknown settings section; use one of: ${siteSettingsSections.join(', ')}`,
  }),
});
const denied = { 401: errorBodySchema, 403: errorBodySchema };

/** Checked before the transaction: the host may need a DNS answer (site-settings/smtp-host.ts). */
async function refuseLocalSmtpHost(body: unknown, allowLocal: boolean): Promise<void> {
  if (allowLocal || !body || typeof body !== 'object') return;
  const host = (body as Record<string, unknown>).smtpHost;
  if (typeof host === 'string' && (await isLocalSmtpHost(host))) throw invalidSettings(adminTexts.smtpHostLocal);
}

/** Registered inside the service's `adminRoutes` group (app.ts). */
export function siteSettingsRoutes(app: ServiceApp, ctx: ServiceContext, tables: AdminTables, config: AdminConfig): void {
  app.get(
    '/api/admin/settings',
    {
      schema: {
        ...adminOnly,
        operationId: 'getSiteSettings',
        summary: 'All site settings (secrets masked)',
        response: { 200: siteSettingsSchema, ...denied },
      },
    },
    async () => maskSecrets(await readSiteSettings(ctx.db, tables)),
  );

  app.put(
    '/api/admin/settings/:section',
    {
      schema: {
        ...adminOnly,
        operationId: 'updateSiteSettingsSection',
        summary: "Update one section; omitted fields keep their value, '********' keeps the SMTP password",
        params: sectionParam,
        body: siteSettingsSectionBody,
        response: { 200: siteSettingsSectionAnswer, 400: errorBodySchema, ...denied },
      },
    },
    async (request) => {
      const admin = adminOf(request);
      const { section } = request.params;
      if (section === 'email') await refuseLocalSmtpHost(request.body, config.SITE_SMTP_ALLOW_LOCAL);
      const values = await ctx.transact((tx, emit) => updateSection(tx, tables, emit, section, request.body, admin.userId));
      const masked = maskSecrets({ ...(await readSiteSettings(ctx.db, tables)), [section]: values });
      return { section, values: masked[section] };
    },
  );
}
