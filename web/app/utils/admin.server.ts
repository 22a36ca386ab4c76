/**
 * The back office's guard, on the server (decision 024): every /admin loader and action calls it,
 * so admin data never reaches a non-admin even if one loader of a navigation ran without the
 * layout's. Anonymous → /login?redirectTo=<this admin page with its query> (requireSession); a
 * signed-in member → `/` (the back office does not exist for them); an admin → the session. The
 * role comes from the gateway-verified identity; the services check it again on every /api/admin
 * call.
 */
import { redirect } from '@remix-run/node';
import type { z } from 'zod';
import { readQuery } from '~/components/admin/admin-query';
import { requireSession, requireUser, type MemberSession, type MemberWithUser, type SessionOptions } from './session.server';

export async function requireAdmin(request: Request, options: SessionOptions = {}): Promise<MemberSession> {
  const session = await requireSession(request, options);
  if (session.identity.role !== 'admin') throw redirect('/', { headers: session.headers });
  // The site requires two-step sign-in of admins and this one has not turned it on (decision 033).
  if (session.identity.twoStepMissing) throw redirect('/settings?tab=security', { headers: session.headers });
  return session;
}

/** requireAdmin plus the admin's own name and avatar (the layout's header). */
export async function requireAdminUser(request: Request): Promise<MemberWithUser> {
  await requireAdmin(request);
  return requireUser(request);
}

/**
 * One admin table's page for its loader: the admin checked, the query read from the URL (a bad
 * value falls back to its default), the page fetched. A failed fetch shows `failedText` on the page
 * (and is logged) instead of an error screen: the filters stay usable for the next try.
 */
export async function loadAdminTable<S extends z.ZodObject, L>(
  request: Request,
  schema: S,
  fetchPage: (request: Request, token: string | null, query: z.infer<S>) => Promise<L>,
  failedText: string,
): Promise<{ query: z.infer<S>; list: L | null; error: string | null; headers: Headers }> {
  const { token, headers } = await requireAdmin(request);
  const query = readQuery(schema, new URL(request.url));
  try {
    return { query, list: await fetchPage(request, token, query), error: null, headers };
  } catch (error) {
    console.error(failedText, error instanceof Error ? error.message : error);
    return { query, list: null, error: failedText, headers };
  }
}
