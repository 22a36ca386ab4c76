/**
 * The back office's guard, on the server (issue 16): every /admin loader and action calls it, so
 * admin data never reaches a non-admin even if one loader of a navigation ran without the layout's.
 * Anonymous → /login?redirectTo=<this admin page with its query> (requireSession); a signed-in
 * member → `/` (the back office does not exist for them); an admin → the session. The role comes
 * from the gateway-verified identity; the services check it again on every /api/admin call.
 */
import { redirect } from '@remix-run/node';
import { requireSession, requireUser, type MemberSession, type MemberWithUser, type SessionOptions } from './session.server';

export async function requireAdmin(request: Request, options: SessionOptions = {}): Promise<MemberSession> {
  const session = await requireSession(request, options);
  if (session.identity.role !== 'admin') throw redirect('/', { headers: session.headers });
  return session;
}

/** requireAdmin plus the admin's own name and avatar (the layout's header). */
export async function requireAdminUser(request: Request): Promise<MemberWithUser> {
  await requireAdmin(request);
  return requireUser(request);
}
