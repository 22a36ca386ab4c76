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

  it('gives every service at least one path and names only known services', () => {
    const owners = new Set(routeTable.map((r) => r.service));
    expect([...owners].sort()).toEqual([...serviceNames].sort());
  });
});
