/**
 * Site settings: what admins tune in the back office (docs/product/admin.md). The admin service
 * stores them and announces every change as `site-settings.updated`, so each service enforces the
 * current values (limits, feature flags, bad words, CORS, SMTP) without calling the admin service.
 */
import { z } from 'zod';

const mimeList = z
  .array(
    z
      .string()
      .trim()
      .regex(/^[a-z]+\/[a-z0-9.+-]+$/i, 'Each entry must be a MIME type such as image/png'),
  )
  .max(50);

export const siteSettingsSchemas = {
  general: z.object({
    siteName: z.string().trim().min(1, 'Site name is required').max(80),
    siteUrl: z.union([z.literal(''), z.string().trim().url('Site URL must be a valid URL')]),
    allowSignups: z.boolean(),
  }),
  features: z.object({
    stories: z.boolean(),
    reels: z.boolean(),
    groups: z.boolean(),
    payments: z.boolean(),
  }),
  moderation: z.object({
    maxPostLength: z.number().int().min(1, 'Max post length must be at least 1').max(100_000),
    badWords: z.array(z.string().trim().min(1).max(100)).max(1_000),
  }),
  storage: z.object({
    maxUploadMB: z.number().int().min(1, 'Max upload must be at least 1 MB').max(1_024),
    allowedImageMime: mimeList,
    allowedVideoMime: mimeList,
  }),
  email: z.object({
    fromName: z.string().trim().max(100),
    fromEmail: z.union([z.literal(''), z.string().trim().email('From email must be a valid e-mail address')]),
    smtpHost: z.string().trim().max(255),
    smtpPort: z.number().int().min(1).max(65_535),
    smtpUser: z.string().max(255),
    smtpPassword: z.string().max(255),
  }),
  security: z.object({
    corsOrigins: z.array(z.string().trim().url('Each CORS origin must be a URL such as https://example.com')).max(100),
    /** Admins without two-step sign-in are refused by every admin route until they turn it on (decision 033). */
    requireTwoStepForAdmins: z.boolean(),
  }),
} as const;

export type SiteSettingsSection = keyof typeof siteSettingsSchemas;
export const siteSettingsSections = Object.keys(siteSettingsSchemas) as SiteSettingsSection[];

export type SiteSettings = { [S in SiteSettingsSection]: z.infer<(typeof siteSettingsSchemas)[S]> };

/** The product's defaults: max post length 5000, max upload 20 MB, SMTP port 587, features on. */
export const defaultSiteSettings: SiteSettings = {
  general: { siteName: 'Kora', siteUrl: '', allowSignups: true },
  features: { stories: true, reels: true, groups: true, payments: true },
  moderation: { maxPostLength: 5000, badWords: [] },
  storage: {
    maxUploadMB: 20,
    allowedImageMime: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    allowedVideoMime: ['video/mp4', 'video/webm', 'video/quicktime'],
  },
  email: { fromName: 'Kora', fromEmail: '', smtpHost: '', smtpPort: 587, smtpUser: '', smtpPassword: '' },
  security: { corsOrigins: [], requireTwoStepForAdmins: false },
};

/** What the back office shows instead of a stored secret; sending it back keeps the secret. */
export const MASKED_SECRET = '********';

export type Feature = keyof SiteSettings['features'];

/** The API paths each switchable feature owns; the gateway answers 404 on them while it is off. */
export const featurePaths: Record<Feature, { paths: string[]; name: string }> = {
  stories: { paths: ['/api/stories'], name: 'Stories' },
  reels: { paths: ['/api/reels'], name: 'Reels' },
  groups: { paths: ['/api/groups'], name: 'Groups' },
  // The provider's webhook is let through while payments are off (featureForPath): a member who
  // already paid is still credited.
  payments: { paths: ['/api/payments', '/api/packages'], name: 'Payments' },
};

/** What a switched-off feature answers (404 FEATURE_DISABLED), and what its pages say. */
export function featureOffMessage(feature: Feature): string {
  return `${featurePaths[feature].name} are turned off on this site.`;
}

// Made once: the gateway asks featureForPath for every request.
const featureRules = (Object.entries(featurePaths) as [Feature, { paths: string[] }][]).flatMap(([feature, { paths }]) =>
  paths.map((path) => ({ feature, path, under: `${path}/` })),
);

/** Paystack's webhook (wallet service, decision 023): never behind the payments switch. */
export const PAYMENT_WEBHOOK_PATH = '/api/payments/webhook';

/** The feature a path belongs to, if any. */
export function featureForPath(path: string): Feature | undefined {
  if (path === PAYMENT_WEBHOOK_PATH) return undefined;
  for (const rule of featureRules) {
    if (path === rule.path || path.startsWith(rule.under)) return rule.feature;
  }
  return undefined;
}

/** GET /api/admin/settings: every section, secrets masked (the example is what docs show). */
export const siteSettingsSchema = z.object(siteSettingsSchemas).meta({
  example: {
    ...defaultSiteSettings,
    general: { siteName: 'Kora', siteUrl: 'https://kora.ng', allowSignups: true },
    email: {
      fromName: 'Kora',
      fromEmail: 'hello@kora.ng',
      smtpHost: 'smtp.kora.ng',
      smtpPort: 587,
      smtpUser: 'hello@kora.ng',
      smtpPassword: MASKED_SECRET,
    },
  },
});
const moderationExample = { maxPostLength: 5000, badWords: ['419', 'yahoo yahoo'] };
/** PUT /api/admin/settings/{section}: some fields of one section (the section's own schema checks them). */
export const siteSettingsSectionBody = z.record(z.string(), z.unknown()).meta({ example: moderationExample });
export const siteSettingsSectionAnswer = z
  .object({ section: z.string(), values: z.record(z.string(), z.unknown()) })
  .meta({ example: { section: 'moderation', values: moderationExample } });

/**
 * GET /api/site (answered by the gateway, public): what every page needs to know of the current
 * site settings — the name, and which switchable features are on (the menu hides the others).
 */
export interface SiteInfo {
  siteName: string;
  features: SiteSettings['features'];
  /** general.allowSignups: while off, the login page hides its register link and /register says so. */
  allowSignups: boolean;
}
export const SITE_INFO_PATH = '/api/site';
