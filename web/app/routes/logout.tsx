/**
 * Sign-out: ends the session on the server (`POST /api/signout` with the member's token), clears
 * both auth cookies and goes to /login. An access token that already expired is renewed first
 * (the refresh cookie still proves the session), so the server-side session really ends.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { ACCESS_TOKEN_COOKIE, readCookie, REFRESH_TOKEN_COOKIE } from '~/utils/cookies.server';
import { getIdentity, refreshOnce, signOut } from '~/utils/session.server';

async function currentToken(request: Request): Promise<string | null> {
  if (getIdentity(request)) return readCookie(request, ACCESS_TOKEN_COOKIE);
  const refreshToken = readCookie(request, REFRESH_TOKEN_COOKIE);
  if (!refreshToken) return null;
  try {
    return (await refreshOnce(request, refreshToken)).tokens.token;
  } catch {
    return null; // already ended (or auth unreachable): nothing more to end from here
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const headers = await signOut(request, await currentToken(request));
  return redirect('/login', { headers });
}

// A GET (typed URL, prefetch) must not sign anyone out.
export async function loader() {
  return redirect('/');
}
