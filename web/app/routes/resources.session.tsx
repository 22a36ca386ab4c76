/**
 * /resources/session — lets the page renew its access-token cookie, which it cannot read or write
 * itself (httpOnly). The live notification socket calls it when its handshake is refused:
 * requireSession renews an expired token in place (Set-Cookie on this answer), and a member who is
 * signed out gets the usual redirect to /login, which the caller reads as "stop".
 */
import type { LoaderFunctionArgs } from '@remix-run/node';
import { jsonForPage } from '~/utils/json-for-page.server';
import { requireSession } from '~/utils/session.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers } = await requireSession(request, { resource: true });
  return jsonForPage({ ok: true }, { headers });
}
