/**
 * Sign-out. For now it only forgets the tokens in this browser; ending the server-side session
 * (POST /api/auth/logout or similar) is added by the accounts issue.
 */
import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, expireCookie } from '~/utils/cookies.server';

export async function action({ request }: ActionFunctionArgs) {
  const headers = new Headers();
  headers.append('Set-Cookie', expireCookie(request, ACCESS_TOKEN_COOKIE));
  headers.append('Set-Cookie', expireCookie(request, REFRESH_TOKEN_COOKIE));
  return redirect('/login', { headers });
}

// A GET (typed URL, prefetch) must not sign anyone out.
export async function loader() {
  return redirect('/');
}
