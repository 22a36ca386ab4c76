import { encodeProfileId } from '@kora/contracts';
import { IDENTITY_HEADER, signIdentity } from '@kora/platform/identity';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEV_INTERNAL_SECRET } from './env.server';
import { decideSession, forgetRefreshes, getIdentity, redirectIfSignedIn, requireSession, requireUser } from './session.server';

const member = { userId: 42, role: 'user' as const, sessionId: 's-1' };
const fresh = { token: 'new.access.token', refreshToken: 'new-refresh', expiresIn: 900 };
const profile = {
  visibility: 'full',
  user_id: 42,
  profileId: 'abcdefghij',
  username: 'ada',
  firstname: 'Ada',
  lastname: 'Obi',
  name: 'Ada Obi',
  profileImage: '/uploads/profile/defaultavatar.png',
  coverImage: null,
  bio: '',
  createdAt: '2026-01-05T10:00:00.000Z',
  details: { city: '', country: '', work: '', education: '', website: '' },
};

function requestWith(
  { identity, cookie, method = 'GET' }: { identity?: string; cookie?: string; method?: string },
  url = 'http://web.test/friends?tab=2',
) {
  const headers: Record<string, string> = {};
  if (identity) headers[IDENTITY_HEADER] = identity;
  if (cookie) headers.cookie = cookie;
  return new Request(url, { method, headers });
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;
function stubApi(handler: Handler) {
  const spy = vi.fn(async (url: URL, init: RequestInit) => handler(new URL(url), init));
  vi.stubGlobal('fetch', spy);
  return spy;
}

/** An auth service that rotates the refresh token `old-refresh` once. */
const workingAuth: Handler = (url, init) => {
  if (url.pathname === '/api/auth/refresh') {
    return JSON.parse(init.body as string).refreshToken === 'old-refresh'
      ? Response.json(fresh)
      : Response.json({ error: 'Your session has ended.', message: 'Your session has ended.', code: 'REFRESH_INVALID' }, { status: 401 });
  }
  if (url.pathname === '/api/auth/session') return Response.json(member);
  if (url.pathname === '/api/users/42') return Response.json(profile);
  if (url.pathname === '/api/signout') return new Response(null, { status: 204 });
  return Response.json({ error: 'nope', message: 'nope', code: 'NOT_FOUND' }, { status: 404 });
};

async function thrown(promise: Promise<unknown>): Promise<Response> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Response);
  return error as Response;
}

beforeEach(() => forgetRefreshes());
afterEach(() => vi.unstubAllGlobals());

describe('getIdentity', () => {
  it('accepts a header signed with INTERNAL_SECRET', () => {
    expect(getIdentity(requestWith({ identity: signIdentity(member, DEV_INTERNAL_SECRET) }))).toEqual(member);
  });

  it('refuses a header signed with another secret', () => {
    expect(getIdentity(requestWith({ identity: signIdentity(member, 'someone-elses-secret') }))).toBeNull();
  });
});

describe('decideSession', () => {
  it('trusts a verified identity, renews with a refresh cookie, else signs out', () => {
    expect(decideSession({ identity: member, refreshToken: 'rt' })).toBe('verified');
    expect(decideSession({ identity: member, refreshToken: null })).toBe('verified');
    expect(decideSession({ identity: null, refreshToken: 'rt' })).toBe('refresh');
    expect(decideSession({ identity: null, refreshToken: null })).toBe('signed-out');
  });
});

describe('requireSession', () => {
  it('returns the identity and the cookie token when the gateway vouched for the member', async () => {
    const session = await requireSession(requestWith({ identity: signIdentity(member, DEV_INTERNAL_SECRET), cookie: 'kora_at=a.b.c' }));
    expect(session.identity).toEqual(member);
    expect(session.token).toBe('a.b.c');
    expect(session.headers.getSetCookie()).toEqual([]);
  });

  it('sends a signed-out visitor to /login with redirectTo', async () => {
    const response = await thrown(requireSession(requestWith({})));
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Ffriends%3Ftab%3D2');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('drops a refused access cookie when there is nothing to refresh with', async () => {
    const response = await thrown(requireSession(requestWith({ cookie: 'kora_at=expired' })));
    expect(response.headers.get('location')).toMatch(/^\/login/);
    expect(response.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(['kora_at', 'kora_rt']);
  });

  it('renews on GET: stores both cookies and redirects to the same URL', async () => {
    const api = stubApi(workingAuth);
    const response = await thrown(requireSession(requestWith({ cookie: 'kora_rt=old-refresh' })));
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/friends?tab=2');
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toMatch(/^kora_at=new\.access\.token; Max-Age=900; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookies[1]).toMatch(/^kora_rt=new-refresh; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const [refreshCall, sessionCall] = api.mock.calls;
    expect(new Headers(refreshCall![1].headers).has('authorization')).toBe(false);
    expect(new Headers(sessionCall![1].headers).get('authorization')).toBe('Bearer new.access.token');
  });

  it('renews inside an action: returns the fresh token and the cookies to attach', async () => {
    stubApi(workingAuth);
    const session = await requireSession(requestWith({ cookie: 'kora_rt=old-refresh', method: 'POST' }));
    expect(session.identity).toEqual(member);
    expect(session.token).toBe('new.access.token');
    expect(session.headers.getSetCookie()).toHaveLength(2);
  });

  it('renews in place on GET for resource routes (a fetcher would follow a redirect as a navigation)', async () => {
    stubApi(workingAuth);
    const session = await requireSession(requestWith({ cookie: 'kora_rt=old-refresh' }), { resource: true });
    expect(session.token).toBe('new.access.token');
    expect(session.headers.getSetCookie()).toHaveLength(2);
  });

  it('sends a signed-out caller of a resource route to /login, returning to the calling page', async () => {
    const resource = 'http://web.test/resources/posts/7';
    const fromPage = new Request(resource, { headers: { referer: 'http://web.test/saved?x=1' } });
    expect((await thrown(requireSession(fromPage, { resource: true }))).headers.get('location')).toBe('/login?redirectTo=%2Fsaved%3Fx%3D1');
    const foreign = new Request(resource, { headers: { referer: 'https://evil.example/saved' } });
    expect((await thrown(requireSession(foreign, { resource: true }))).headers.get('location')).toBe('/login');
  });

  it('shares one refresh between parallel loaders (the refresh token rotates)', async () => {
    const api = stubApi(workingAuth);
    const results = await Promise.all([1, 2, 3].map(() => requireSession(requestWith({ cookie: 'kora_rt=old-refresh', method: 'POST' }))));
    expect(results.map((r) => r.token)).toEqual(['new.access.token', 'new.access.token', 'new.access.token']);
    expect(api.mock.calls.filter(([url]) => new URL(url).pathname === '/api/auth/refresh')).toHaveLength(1);
  });

  it('clears both cookies and goes to /login when the refresh is refused', async () => {
    stubApi(workingAuth);
    const response = await thrown(requireSession(requestWith({ cookie: 'kora_at=x; kora_rt=revoked' })));
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Ffriends%3Ftab%3D2');
    expect(response.headers.getSetCookie().every((c) => /Max-Age=0/.test(c))).toBe(true);
  });

  it('does not sign the member out when the auth service is down', async () => {
    stubApi(() => Response.json({ error: 'down', message: 'down', code: 'SERVICE_UNAVAILABLE' }, { status: 503 }));
    await expect(requireSession(requestWith({ cookie: 'kora_rt=old-refresh' }))).rejects.toMatchObject({ status: 503 });
  });
});

describe('requireUser', () => {
  it('loads the member’s own profile for the layout', async () => {
    stubApi(workingAuth);
    const { user } = await requireUser(requestWith({ identity: signIdentity(member, DEV_INTERNAL_SECRET), cookie: 'kora_at=t' }));
    expect(user).toEqual({
      id: 42,
      role: 'user',
      username: 'ada',
      firstname: 'Ada',
      lastname: 'Obi',
      profileImage: null,
      profilePath: `/profile/${encodeProfileId(42)}`,
    });
  });

  it('signs a stale session out when the own profile is gone', async () => {
    const api = stubApi((url, init) =>
      url.pathname === '/api/users/42'
        ? Response.json({ error: 'User not found', message: 'User not found', code: 'USER_NOT_FOUND' }, { status: 404 })
        : workingAuth(url, init),
    );
    const response = await thrown(
      requireUser(requestWith({ identity: signIdentity(member, DEV_INTERNAL_SECRET), cookie: 'kora_at=t; kora_rt=r' })),
    );
    expect(response.headers.get('location')).toMatch(/^\/login/);
    expect(response.headers.getSetCookie()).toHaveLength(2);
    expect(api.mock.calls.some(([url]) => new URL(url).pathname === '/api/signout')).toBe(true);
  });

  it('signs a stale session out when the own profile comes back as the anonymous card (the token was not taken)', async () => {
    const { visibility: _full, coverImage: _c, bio: _b, createdAt: _d, details: _e, ...card } = profile;
    stubApi((url, init) =>
      url.pathname === '/api/users/42' ? Response.json({ ...card, visibility: 'limited', limitedBy: 'sign_in' }) : workingAuth(url, init),
    );
    const response = await thrown(
      requireUser(requestWith({ identity: signIdentity(member, DEV_INTERNAL_SECRET), cookie: 'kora_at=t; kora_rt=r' })),
    );
    expect(response.headers.get('location')).toMatch(/^\/login/);
  });
});

describe('requireUser passing an answer on', () => {
  it.each([
    [429, 'RATE_LIMITED', 'Too many requests. Please wait a moment and try again.'],
    [503, 'SERVICE_UNAVAILABLE', 'The profile service is not answering. Please try again shortly.'],
  ])('answers a %i with the API’s own words, keeping the session', async (status, code, error) => {
    const api = stubApi((url, init) =>
      url.pathname === '/api/users/42' ? Response.json({ error, message: error, code }, { status }) : workingAuth(url, init),
    );
    const answer = await thrown(
      requireUser(requestWith({ identity: signIdentity(member, DEV_INTERNAL_SECRET), cookie: 'kora_at=t; kora_rt=r' })),
    );
    expect(answer.status).toBe(status);
    expect(await answer.text()).toBe(error);
    expect(api.mock.calls.some(([url]) => new URL(url).pathname === '/api/signout')).toBe(false);
  });

  it('leaves any other failure to the unexpected-error screen', async () => {
    stubApi((url, init) =>
      url.pathname === '/api/users/42'
        ? Response.json({ error: 'Boom', message: 'Boom', code: 'INTERNAL' }, { status: 500 })
        : workingAuth(url, init),
    );
    const answer: unknown = await requireUser(
      requestWith({ identity: signIdentity(member, DEV_INTERNAL_SECRET), cookie: 'kora_at=t' }),
    ).then(
      () => null,
      (e: unknown) => e,
    );
    expect(answer).toBeInstanceOf(Error);
  });
});

describe('redirectIfSignedIn', () => {
  it('sends a signed-in visitor home', async () => {
    const response = await thrown(redirectIfSignedIn(requestWith({ identity: signIdentity(member, DEV_INTERNAL_SECRET) })));
    expect(response.headers.get('location')).toBe('/');
  });

  it('renews a member whose access token expired, then sends them home', async () => {
    stubApi(workingAuth);
    const response = await thrown(redirectIfSignedIn(requestWith({ cookie: 'kora_rt=old-refresh' })));
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.getSetCookie()).toHaveLength(2);
  });

  it('lets a visitor with dead cookies see the page and drops the cookies', async () => {
    stubApi(workingAuth);
    const headers = await redirectIfSignedIn(requestWith({ cookie: 'kora_rt=revoked' }));
    expect(headers.getSetCookie()).toHaveLength(2);
    expect((await redirectIfSignedIn(requestWith({}))).getSetCookie()).toEqual([]);
  });
});

describe('refreshOnce', () => {
  it('does not keep a failed refresh for later requests', async () => {
    let calls = 0;
    stubApi((url, init) => {
      if (url.pathname === '/api/auth/refresh' && ++calls === 1) {
        return Response.json({ error: 'down', message: 'down', code: 'SERVICE_UNAVAILABLE' }, { status: 503 });
      }
      return workingAuth(url, init);
    });
    const post = () => requestWith({ cookie: 'kora_rt=old-refresh', method: 'POST' });
    await expect(requireSession(post())).rejects.toMatchObject({ status: 503 });
    await expect(requireSession(post())).resolves.toMatchObject({ token: 'new.access.token' });
  });
});
