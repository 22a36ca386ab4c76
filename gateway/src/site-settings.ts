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
import { pathOf } from './paths.js';

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

  app.addHook('onRequest', (request, reply, done) => {
    const feature = featureForPath(pathOf(request.url));
    if (feature && !view.current().features[feature]) {
      sendError(reply, 404, `${featurePaths[feature].name} are turned off on this site.`, ErrorCode.FeatureDisabled);
      return;
    }
    done();
  });
}
