/**
 * The member's own settings, one object per tab (docs/product/settings.md):
 * - GET /api/settings/profile | privacy | notifications -> the stored values, defaults until saved
 * - PUT the same paths with any of the tab's fields -> merged onto the stored values, stored,
 *   announced (settings.<tab>-changed with the complete values) and answered complete.
 * Members only. Each field is checked by the contracts' schema, whose text the 400 carries.
 * `username` and `user_email` are the account's: the profile answer shows them, a PUT ignores them.
 */
import {
  generalSettingsSchema,
  generalSettingsUpdate,
  notificationSettingsSchema,
  notificationSettingsUpdate,
  privacySettingsSchema,
  privacySettingsUpdate,
} from '@kora/contracts';
import { errors, memberOf, memberOnly, type ServiceApp } from '@kora/platform/service';
import type { z } from 'zod';
import type { Settings } from '../context.js';
import type { SettingsTab } from '../db/schema.js';
import { readGeneral, withAccount } from '../tabs/account.js';
import { readTab, saveTab } from '../tabs/store.js';

/** GET and PUT of a tab whose answer is exactly its stored values. */
function plainTab(
  app: ServiceApp,
  settings: Settings,
  tab: Exclude<SettingsTab, 'profile'>,
  names: { get: string; put: string; what: string },
  answer: z.ZodType,
  update: z.ZodType,
): void {
  app.get(
    `/api/settings/${tab}`,
    {
      schema: {
        ...memberOnly,
        operationId: names.get,
        summary: `Your ${names.what} settings (the defaults until you save)`,
        response: { 200: answer, 401: errors[401] },
      },
    },
    async (request) => readTab(settings.ctx.db, settings, memberOf(request).userId, tab),
  );
  app.put(
    `/api/settings/${tab}`,
    {
      schema: {
        ...memberOnly,
        operationId: names.put,
        summary: `Save your ${names.what} settings (fields left out keep their value)`,
        body: update,
        response: { 200: answer, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => saveTab(settings, memberOf(request).userId, tab, request.body as Record<string, unknown>),
  );
}

export function tabRoutes(app: ServiceApp, settings: Settings): void {
  app.get(
    '/api/settings/profile',
    {
      schema: {
        ...memberOnly,
        operationId: 'getGeneralSettings',
        summary: 'Your general settings, with your username and e-mail (read-only)',
        response: { 200: generalSettingsSchema, 401: errors[401] },
      },
    },
    async (request) => readGeneral(settings, memberOf(request).userId),
  );
  app.put(
    '/api/settings/profile',
    {
      schema: {
        ...memberOnly,
        operationId: 'updateGeneralSettings',
        summary: 'Save your general settings (fields left out keep their value; username and user_email are ignored)',
        body: generalSettingsUpdate,
        response: { 200: generalSettingsSchema, 400: errors[400], 401: errors[401] },
      },
    },
    async (request) => {
      const { userId } = memberOf(request);
      return withAccount(settings, userId, await saveTab(settings, userId, 'profile', request.body));
    },
  );

  plainTab(
    app,
    settings,
    'privacy',
    { get: 'getPrivacySettings', put: 'updatePrivacySettings', what: 'privacy' },
    privacySettingsSchema,
    privacySettingsUpdate,
  );
  plainTab(
    app,
    settings,
    'notifications',
    { get: 'getNotificationSettings', put: 'updateNotificationSettings', what: 'notification' },
    notificationSettingsSchema,
    notificationSettingsUpdate,
  );
}
