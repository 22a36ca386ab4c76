/**
 * Which switchable feature a request path belongs to (the gateway answers 404 on it while the
 * feature is off). Groups: the list, a group's own routes, and its posts (served by the posts
 * service, but still the groups feature).
 */
import { describe, expect, it } from 'vitest';
import { featureForPath } from './site-settings.js';

describe('featureForPath', () => {
  it.each([
    ['/api/groups', 'groups'],
    ['/api/groups/3', 'groups'],
    ['/api/groups/3/join', 'groups'],
    ['/api/groups/3/posts', 'groups'],
    ['/api/groups/3/requests/9/approve', 'groups'],
    ['/api/reels/3/comments', 'reels'],
    ['/api/stories', 'stories'],
    ['/api/payments/initialize', 'payments'],
  ] as const)('%s belongs to %s', (path, feature) => {
    expect(featureForPath(path)).toBe(feature);
  });

  it.each(['/api/posts', '/api/groupsfoo', '/api/group', '/groups', '/api/settings/profile'])(
    '%s belongs to no switchable feature',
    (path) => {
      expect(featureForPath(path)).toBeUndefined();
    },
  );
});
