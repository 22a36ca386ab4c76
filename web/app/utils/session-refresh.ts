/** The browser's side of routes/resources.session.tsx: renew the access-token cookie if it expired. */
import type { SessionCheck } from './live-notifications';

export const SESSION_URL = '/resources/session';

export async function refreshSession(): Promise<SessionCheck> {
  try {
    // 'manual': the redirect to /login for a signed-out member is the answer, not a page to load.
    const response = await fetch(SESSION_URL, { credentials: 'same-origin', redirect: 'manual', cache: 'no-store' });
    if (response.type === 'opaqueredirect') return 'signed-out';
    return response.ok ? 'ok' : 'failed';
  } catch {
    return 'failed';
  }
}
