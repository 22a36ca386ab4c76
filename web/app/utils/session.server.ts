/**
 * Who is signed in. The gateway verifies the member's access token and forwards an identity
 * header signed with INTERNAL_SECRET; the web app trusts nothing else (a forged header sent
 * straight to this server fails the signature check).
 */
import { redirect } from '@remix-run/node';
import { IDENTITY_HEADER, type Identity, verifyIdentity } from '@kora/platform/identity';
import { getServerEnv } from './env.server';
import { loginPath } from './redirect';

export type { Identity };

export function getIdentity(request: Request): Identity | null {
  const header = request.headers.get(IDENTITY_HEADER) ?? undefined;
  return verifyIdentity(header, getServerEnv().INTERNAL_SECRET);
}

/** For member pages: a signed-out visitor is sent to /login, remembering where they were going. */
export function requireIdentity(request: Request): Identity {
  const identity = getIdentity(request);
  if (!identity) throw redirect(loginPath(new URL(request.url)));
  return identity;
}

/** For /login and /register: a signed-in visitor has nothing to do there. */
export function requireAnonymous(request: Request): void {
  if (getIdentity(request)) throw redirect('/');
}
