/**
 * `GET /api/site`: the public part of the admin site settings, from the gateway's live view of
 * them — the site's name and the feature switches. The web app's layout reads it to hide what an
 * admin turned off (the Groups menu item while groups are off) instead of showing links that
 * answer 404. No secrets: nothing of the email or security sections leaves here.
 */
import { errorBodySchema, SITE_INFO_PATH, type SiteInfo } from '@kora/contracts';
import type { SiteSettingsView } from '@kora/platform';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';

export function siteInfoOf(view: SiteSettingsView): SiteInfo {
  const settings = view.current();
  return { siteName: settings.general.siteName, features: { ...settings.features }, allowSignups: settings.general.allowSignups };
}

export function installSiteInfo(app: FastifyInstance, view: SiteSettingsView): void {
  // Settings change rarely and take effect within seconds; a short shared cache is right.
  app.get(SITE_INFO_PATH, async (_request, reply) => reply.header('cache-control', 'public, max-age=5').send(siteInfoOf(view)));
}

const errorSchema = z.toJSONSchema(errorBodySchema, { target: 'openapi-3.0' });

/** The route in the merged OpenAPI document (it is the gateway's own, so no service describes it). */
export const SITE_INFO_PATH_ITEM = {
  get: {
    operationId: 'getSiteInfo',
    tags: ['gateway'],
    summary: "The site's name and which features are switched on",
    security: [],
    responses: {
      '200': {
        description: 'The current public site settings',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['siteName', 'features', 'allowSignups'],
              properties: {
                siteName: { type: 'string' },
                features: {
                  type: 'object',
                  required: ['stories', 'reels', 'groups', 'payments'],
                  properties: {
                    stories: { type: 'boolean' },
                    reels: { type: 'boolean' },
                    groups: { type: 'boolean' },
                    payments: { type: 'boolean' },
                  },
                },
                allowSignups: { type: 'boolean' },
              },
            },
            example: { siteName: 'Kora', features: { stories: true, reels: true, groups: true, payments: true }, allowSignups: true },
          },
        },
      },
      '429': { description: 'Too many requests', content: { 'application/json': { schema: errorSchema } } },
    },
  },
} as const;
