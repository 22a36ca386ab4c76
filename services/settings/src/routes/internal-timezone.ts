/**
 * PUT /internal/settings/:userId/timezone { timezone } (sibling services only): the admin profile
 * (auth) edits the admin's time zone, which is a field of their General tab here. Saved
 * like a save from the Settings page (merged into the tab, `settings.profile-changed` announced in
 * the same transaction), so every projection of the tab follows. Answers `{ timezone }`.
 */
import { errorBodySchema, generalSettingsFields } from '@kora/contracts';
import { requireServiceCall, type ServiceApp } from '@kora/platform/service';
import { z } from 'zod';
import type { Settings } from '../context.js';
import { saveTab } from '../tabs/store.js';

const params = z.object({ userId: z.coerce.number().int().positive() });
const body = z.object({ timezone: generalSettingsFields.shape.timezone });

export function internalTimezoneRoutes(app: ServiceApp, settings: Settings): void {
  app.put(
    '/internal/settings/:userId/timezone',
    {
      schema: {
        tags: ['internal'],
        operationId: 'internalSetTimezone',
        summary: "Set a member's time zone (General tab) for a sibling service",
        params,
        body,
        response: { 200: body, 400: errorBodySchema, 403: errorBodySchema },
      },
      // Before validation: a caller that is not a sibling service learns nothing about the input.
      onRequest: async (request) => void requireServiceCall(request),
    },
    async (request) => {
      const values = await saveTab(settings, request.params.userId, 'profile', { timezone: request.body.timezone });
      return { timezone: values.timezone };
    },
  );
}
