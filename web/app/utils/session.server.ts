/**
 * Who is signed in, and the one place that keeps the member signed in.
 *
 * The gateway verifies the member's access token (cookie `kora_at`) and forwards an identity header
 * signed with INTERNAL_SECRET; the web app trusts nothing else (a forged header sent straight to
 * this server fails the signature check). When a request arrives without a verified identity but
 * with the refresh cookie `kora_rt`, the access token has expired (or was refused): the app asks
 * the auth service for a new pair and
 *   - for GET/HEAD (pages, loader data) stores both cookies and redirects to the same URL, so the
 *     gateway verifies the new token on the next request and every loader sees a normal request;
 *   - for actions uses the fresh token for its API calls and attaches the Set-Cookie headers to
 *     the action's answer (`session.headers`), so the member's submission is not lost; resource
 *     routes called by the page's scripts (`{ resource: true }`) do the same on GET, since a
 *     fetcher would follow the redirect as a page navigation to the resource itself.
 * A refused refresh clears both cookies and sends the member to /login?redirectTo=<page> (for a
 * resource route: the page that called it, from the Referer).
 *
 * Parallel loaders of one navigation each receive their own Request object but the same refresh
 * cookie, and the refresh token rotates on use: a second refresh with the same token would fail
 * (or be taken for token theft). Refreshes are therefore shared per refresh token for a few
 * seconds (`refreshOnce`), so concurrent loaders, and concurrent requests of one browser, all get
 * the same new pair.
 */
import { redirect } from '@remix-run/node';
import { tokensSchema, type Profile, type ProfileView } from '@kora/contracts';
import { IDENTITY_HEADER, type Identity, verifyIdentity } from '@kora/platform/identity';
import { z } from 'zod';
import { apiFetch, isApiError, isClientError } from './api.server';
import {
  ACCESS_TOKEN_COOKIE,
  authCookies,
  clearAuthCookies,
  cookieHeaders,
  readCookie,
  REFRESH_TOKEN_COOKIE,
  type TokenPair,
} from './cookies.server';
import { getServerEnv } from './env.server';
import { loginPath } from './redirect';
import type { CurrentUser } from './user';
import { fetchProfile, toCurrentUser } from './user.server';

export type { Identity };

export function getIdentity(request: Request): Identity | null {
  const header = request.headers.get(IDENTITY_HEADER) ?? undefined;
  return verifyIdentity(header, getServerEnv().INTERNAL_SECRET);
}

/** What a member route gets: who it is, the token to call the API with, headers to send back. */
export interface MemberSession {
  identity: Identity;
  /** The access token for apiFetch's `token` option (fresh after a refresh inside an action). */
  token: string | null;
  /** Set-Cookie headers to attach to the answer (non-empty only after a refresh in an action). */
  headers: Headers;
}

export interface MemberWithUser extends MemberSession {
  user: CurrentUser;
  profile: Profile;
}

export type SessionDecision = 'verified' | 'refresh' | 'signed-out';

/** Pure: a verified identity wins; else a refresh cookie means "renew"; else signed out. */
export function decideSession(input: { identity: Identity | null; refreshToken: string | null }): SessionDecision {
  if (input.identity) return 'verified';
  if (input.refreshToken) return 'refresh';
  return 'signed-out';
}

const sessionAnswer = z.object({
  userId: z.number().int(),
  role: z.enum(['user', 'admin']),
  sessionId: z.string(),
});

interface Refreshed {
  tokens: TokenPair;
  identity: Identity;
}

/** How long one refresh result is shared by requests presenting the same (old) refresh token. */
export const REFRESH_SHARE_MS = 10_000;
const refreshes = new Map<string, { at: number; result: Promise<Refreshed> }>();

async function refreshTokens(request: Request, refreshToken: string): Promise<Refreshed> {
  const tokens = await apiFetch(request, '/api/auth/refresh', {
    json: { refreshToken },
    token: null,
    schema: tokensSchema,
  });
  // Proves the gateway accepts the new token (and says whose it is) before any cookie is set, so
  // a token the gateway refuses can never bounce the member between redirects.
  const identity = await apiFetch(request, '/api/auth/session', { token: tokens.token, schema: sessionAnswer });
  return { tokens, identity };
}

/** One refresh per refresh token, shared for REFRESH_SHARE_MS (see the top of this file). */
export function refreshOnce(request: Request, refreshToken: string, now = Date.now()): Promise<Refreshed> {
  for (const [key, entry] of refreshes) {
    if (now - entry.at > REFRESH_SHARE_MS) refreshes.delete(key);
  }
  const shared = refreshes.get(refreshToken);
  if (shared) return shared.result;
  const result = refreshTokens(request, refreshToken);
  refreshes.set(refreshToken, { at: now, result });
  const forget = () => {
    if (refreshes.get(refreshToken)?.result === result) refreshes.delete(refreshToken);
  };
  // A failure is not shared beyond the requests already waiting (the next try may succeed); a
  // success is, for the requests that still carry the old refresh token.
  result.catch(forget);
  setTimeout(forget, REFRESH_SHARE_MS).unref?.();
  return result;
}

/** For tests. */
export function forgetRefreshes(): void {
  refreshes.clear();
}

function isReadRequest(request: Request): boolean {
  return request.method === 'GET' || request.method === 'HEAD';
}

function hasAuthCookie(request: Request): boolean {
  return readCookie(request, ACCESS_TOKEN_COOKIE) !== null || readCookie(request, REFRESH_TOKEN_COOKIE) !== null;
}

export interface SessionOptions {
  /**
   * A resource route called by a page's scripts (fetchers, uploads): an expired token is renewed
   * in place on GET too, and a signed-out member returns to the calling page after signing in.
   */
  resource?: boolean;
}

/** Where to come back to after signing in: this page, or for a resource route the page that called it. */
function returnUrl(request: Request, { resource }: SessionOptions): URL {
  const here = new URL(request.url);
  if (!resource) return here;
  const referer = request.headers.get('referer');
  const page = referer && URL.canParse(referer) ? new URL(referer) : null;
  return page && page.origin === here.origin ? page : new URL('/', here);
}

/** /login?redirectTo=<page>, clearing whatever auth cookies the browser still has. */
function toLogin(request: Request, options: SessionOptions): Response {
  const headers = hasAuthCookie(request) ? cookieHeaders(clearAuthCookies(request)) : undefined;
  return redirect(loginPath(returnUrl(request, options)), headers ? { headers } : undefined);
}

/**
 * For every member route (loaders and actions). Signed out → throws a redirect to /login; an
 * expired access token is renewed as described at the top of this file.
 */
export async function requireSession(request: Request, options: SessionOptions = {}): Promise<MemberSession> {
  const identity = getIdentity(request);
  const refreshToken = readCookie(request, REFRESH_TOKEN_COOKIE);
  const decision = decideSession({ identity, refreshToken });
  if (decision === 'verified') {
    return { identity: identity!, token: readCookie(request, ACCESS_TOKEN_COOKIE), headers: new Headers() };
  }
  if (decision === 'signed-out') throw toLogin(request, options);

  let refreshed: Refreshed;
  try {
    refreshed = await refreshOnce(request, refreshToken!);
  } catch (error) {
    if (isClientError(error)) throw toLogin(request, options); // REFRESH_INVALID, revoked session, …
    throw error; // auth down: an error page, not a sign-out
  }
  const headers = cookieHeaders(authCookies(request, refreshed.tokens));
  if (isReadRequest(request) && !options.resource) {
    const url = new URL(request.url);
    throw redirect(`${url.pathname}${url.search}`, { headers });
  }
  return { identity: refreshed.identity, token: refreshed.tokens.token, headers };
}

/** Ends the session on the server (best effort) and returns headers clearing both cookies. */
export async function signOut(request: Request, token: string | null): Promise<Headers> {
  if (token) {
    try {
      await apiFetch(request, '/api/signout', { method: 'POST', token, timeoutMs: 5_000 });
    } catch {
      // Already ended, or auth unreachable: the cookies go anyway, and the token expires soon.
    }
  }
  return cookieHeaders(clearAuthCookies(request));
}

/**
 * requireSession plus the member's own profile (the layout's name and avatar). A 404 for one's own
 * profile, or only its card (the accounts service did not take the token, so it answered as to
 * anyone signed out), means the session is stale (account gone, token refused): sign out.
 */
/** The API's answers a page passes on to the member as they are: try again in a moment. */
const PASSING_STATUSES: ReadonlySet<number> = new Set([429, 503]);

export async function requireUser(request: Request): Promise<MemberWithUser> {
  const session = await requireSession(request);
  const stale = async () => {
    const headers = await signOut(request, session.token);
    return redirect(loginPath(new URL(request.url)), { headers });
  };
  let profile: ProfileView;
  try {
    profile = await fetchProfile(request, session.identity.userId, session.token);
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 404)) throw await stale();
    // Too many calls, or a service that cannot answer now: the page says so, with that status,
    // rather than the unexpected-error screen with a 500.
    if (isApiError(error) && PASSING_STATUSES.has(error.status)) throw new Response(error.message, { status: error.status });
    throw error;
  }
  if (profile.visibility !== 'full') throw await stale();
  return { ...session, profile, user: toCurrentUser(profile, session.identity) };
}

/**
 * For /login, /register and friends: a signed-in visitor goes to `/`. A visitor whose access token
 * expired but whose refresh token still works is signed in too (renewed, then sent to `/`). Returns
 * headers to attach to the page: they drop auth cookies that no longer work.
 */
export async function redirectIfSignedIn(request: Request): Promise<Headers> {
  if (getIdentity(request)) throw redirect('/');
  const refreshToken = readCookie(request, REFRESH_TOKEN_COOKIE);
  if (!refreshToken) {
    return readCookie(request, ACCESS_TOKEN_COOKIE) ? cookieHeaders(clearAuthCookies(request)) : new Headers();
  }
  let refreshed: Refreshed;
  try {
    refreshed = await refreshOnce(request, refreshToken);
  } catch (error) {
    if (isClientError(error)) return cookieHeaders(clearAuthCookies(request));
    return new Headers(); // auth unreachable: still let the visitor see the page
  }
  throw redirect('/', { headers: cookieHeaders(authCookies(request, refreshed.tokens)) });
}
