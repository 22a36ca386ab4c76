import { describe, expect, it } from 'vitest';
import { routeTable, serviceForPath, serviceNames } from './services.js';

describe('routing table', () => {
  it.each([
    ['/api/signin', 'auth'],
    ['/api/signUp', 'auth'],
    ['/api/users/12', 'auth'],
    ['/api/users/search', 'auth'],
    ['/api/users/fetchbalance', 'wallet'],
    ['/api/settings/security/sessions', 'auth'],
    ['/api/settings/privacy', 'settings'],
    ['/api/friends/requests/4', 'friends'],
    ['/api/posts/9/react', 'posts'],
    ['/api/saves', 'posts'],
    ['/api/memories', 'posts'],
    ['/api/search', 'posts'],
    ['/api/hashtags/trending', 'posts'],
    ['/api/hashtags/jollof/posts', 'posts'],
    ['/api/members/pro', 'posts'],
    ['/api/shares/friends', 'posts'],
    ['/api/media/upload', 'media'],
    ['/uploads/profile/defaultavatar.png', 'media'],
    ['/api/stories', 'stories-reels'],
    ['/api/reels/3/comments', 'stories-reels'],
    ['/api/groups/2/join', 'groups'],
    ['/api/groups/2/posts', 'posts'],
    ['/api/groups/{id}/posts', 'posts'],
    ['/api/groups/2/posts/extra', 'groups'],
    ['/api/groups/2', 'groups'],
    ['/api/payments/initialize', 'wallet'],
    ['/api/notifications/unread-count', 'notifications'],
    ['/ws', 'notifications'],
    // The back office (decision 024): accounts and the admin's profile are auth's, moderation and
    // reports the posts service's, the rest the admin service's.
    ['/api/admin/posts/1/visibility', 'posts'],
    ['/api/admin/reports/4', 'posts'],
    ['/api/reports', 'posts'],
    ['/api/admin/users/export', 'auth'],
    ['/api/admin/profile/me', 'auth'],
    ['/api/admin/stats', 'admin'],
    ['/api/admin/settings/email', 'admin'],
    ['/api/admin/audit', 'admin'],
    ['/api/admin/usersx', 'admin'],
    ['/api/representatives', 'admin'],
  ])('%s goes to %s', (path, service) => {
    expect(serviceForPath(path)).toBe(service);
  });

  it('matches whole path segments only', () => {
    expect(serviceForPath('/api/postsomething')).toBeUndefined();
    expect(serviceForPath('/api/signin/extra')).toBeUndefined();
    expect(serviceForPath('/wsx')).toBeUndefined();
    expect(serviceForPath('/')).toBeUndefined();
    expect(serviceForPath('/login')).toBeUndefined();
  });

  it('lets a * segment stand for one non-empty segment, never for none or several', () => {
    expect(serviceForPath('/api/groups//posts')).toBe('groups');
    expect(serviceForPath('/api/groups/1/2/posts')).toBe('groups');
    expect(serviceForPath('/api/groupsx/1/posts')).toBeUndefined();
  });

  it('answers as a walk over the whole table, longest rule first, would', () => {
    const fits = (path: string, rule: (typeof routeTable)[number]) => {
      if (rule.path.includes('*')) {
        const want = rule.path.split('/');
        const parts = path.split('/');
        return parts.length === want.length && want.every((s, i) => (s === '*' ? parts[i] !== '' : s === parts[i]));
      }
      return path === rule.path || (rule.prefix && path.startsWith(`${rule.path}/`));
    };
    const walk = (path: string) => [...routeTable].sort((a, b) => b.path.length - a.path.length).find((rule) => fits(path, rule))?.service;
    const paths = routeTable.flatMap(({ path }) => {
      const concrete = path.replace('*', '7');
      return [concrete, `${concrete}/1`, `${concrete}/1/x`, `${concrete}x`, `${concrete}/`, concrete.slice(0, -1)];
    });
    for (const path of [...paths, '/api', '/api/', '/api//posts', '/uploads', '/uploads/a/b.jpg', '/ws/x', '/feed/1'])
      expect(serviceForPath(path), path).toBe(walk(path));
  });

  it('gives every service at least one path and names only known services', () => {
    const owners = new Set(routeTable.map((r) => r.service));
    expect([...owners].sort()).toEqual([...serviceNames].sort());
  });
});
