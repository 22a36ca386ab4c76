import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requireAdmin } from './admin.server';
import { DEV_INTERNAL_SECRET } from './env.server';
import { forgetRefreshes } from './session.server';

const signed = (role: 'user' | 'admin') => signIdentity({ userId: 7, role, sessionId: 's-7' }, DEV_INTERNAL_SECRET);

function request(identity?: string, url = 'http://web.test/admin/users?search=ada&page=2') {
  return new Request(url, { headers: identity ? { [IDENTITY_HEADER]: identity } : {} });
}

async function thrown(promise: Promise<unknown>): Promise<Response> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
  throw new Error('expected a redirect');
}

afterEach(() => {
  vi.unstubAllGlobals();
  forgetRefreshes();
});

describe('requireAdmin', () => {
  it('sends a signed-out visitor to login, coming back to the admin page with its query', async () => {
    const answer = await thrown(requireAdmin(request()));
    expect(answer.status).toBe(302);
    expect(answer.headers.get('location')).toBe(`/login?${new URLSearchParams({ redirectTo: '/admin/users?search=ada&page=2' })}`);
  });

  it('sends a signed-in member home, without calling the API', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const answer = await thrown(requireAdmin(request(signed('user'))));
    expect(answer.headers.get('location')).toBe('/');
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('lets an admin in', async () => {
    const session = await requireAdmin(request(signed('admin')));
    expect(session.identity).toEqual({ userId: 7, role: 'admin', sessionId: 's-7' });
  });

  it('sends an admin the site requires two-step sign-in of, without it, to set it up (decision 033)', async () => {
    const marked = signIdentity({ userId: 7, role: 'admin', sessionId: 's-7', twoStepMissing: true }, DEV_INTERNAL_SECRET);
    const answer = await thrown(requireAdmin(request(marked)));
    expect(answer.headers.get('location')).toBe('/settings?tab=security');
  });

  it('refuses a forged identity header as signed out', async () => {
    const forged = signIdentity({ userId: 7, role: 'admin', sessionId: 's-7' }, 'not-the-secret');
    const answer = await thrown(requireAdmin(request(forged)));
    expect(answer.headers.get('location')).toMatch(/^\/login\?redirectTo=/);
  });
});
