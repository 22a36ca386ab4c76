/**
 * The admin site settings the edge enforces, applied live as they change:
 * - CORS origins: the admin list joins CORS_ORIGINS in the one origin policy (CORS + CSRF).
 * - Feature switches: while stories, reels, groups or payments are off, their API paths answer
 *   404 FEATURE_DISABLED with a clear message, before any service is asked (edge-checks.ts).
 */
import { ErrorCode, featureForPath, featureOffMessage } from '@kora/contracts';
import type { SiteSettingsView } from '@kora/platform';
import type { Refusal } from './errors.js';
import type { OriginPolicy } from './origins.js';

export interface EdgeSiteSettings {
  /** The refusal for a path whose feature is switched off now, else null. */
  featureRefusal: (path: string) => Refusal | null;
}

export function watchEdgeSiteSettings(options: {
  view: SiteSettingsView;
  originPolicy: OriginPolicy;
  envOrigins: readonly string[];
}): EdgeSiteSettings {
  const { view, originPolicy, envOrigins } = options;
  const applyOrigins = () => originPolicy.replace([...new Set([...envOrigins, ...view.current().security.corsOrigins])]);
  applyOrigins();
  view.onChange((_settings, section) => {
    if (section === 'security') applyOrigins();
  });

  return {
    featureRefusal(path) {
      const feature = featureForPath(path);
      if (!feature || view.current().features[feature]) return null;
      return { status: 404, message: featureOffMessage(feature), code: ErrorCode.FeatureDisabled };
    },
  };
}
