/**
 * The admin site settings the edge enforces, applied live as they change:
 * - CORS origins: the admin list joins CORS_ORIGINS in the one origin policy (CORS + CSRF).
 * - Feature switches: while stories, reels, groups or payments are off, their API paths answer
 *   404 FEATURE_DISABLED with a clear message, before any service is asked.
 */
import { ErrorCode, featureForPath, featurePaths } from '@kora/contracts';
import type { SiteSettingsView } from '@kora/platform';
import type { FastifyInstance } from 'fastify';
import { sendError } from './errors.js';
import type { OriginPolicy } from './origins.js';

export function installSiteSettings(
  app: FastifyInstance,
  options: { view: SiteSettingsView; originPolicy: OriginPolicy; envOrigins: readonly string[] },
): void {
  const { view, originPolicy, envOrigins } = options;
  const applyOrigins = () => originPolicy.replace([...new Set([...envOrigins, ...view.current().security.corsOrigins])]);
  applyOrigins();
  view.onChange((_settings, section) => {
    if (section === 'security') applyOrigins();
  });

  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?', 1)[0]!;
    const feature = featureForPath(path);
    if (feature && !view.current().features[feature]) {
      return sendError(reply, 404, `${featurePaths[feature].name} are turned off on this site.`, ErrorCode.FeatureDisabled);
    }
  });
}
