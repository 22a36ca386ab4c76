/**
 * What the signed-in layout needs (routes/_app.tsx, and the not-found pages for a signed-in
 * member): the member's name and avatar for the top bar and drawer, the unread notification count
 * for the bell's first paint and the unread messages for the Messages icon (the live socket keeps
 * both current afterwards), the feature switches and the page's data saver (decision 044).
 */
import { pageDataSaver } from './data-saver.server';
import { pagePreferences } from './page-preferences.server';
import { fetchMessagesUnread } from './messages.server';
import { fetchUnreadCount } from './notifications.server';
import type { AppLoaderData } from './layout-data';
import { getIdentity, requireUser, type MemberWithUser } from './session.server';
import { siteFeatures } from './site-info.server';

/** A slow notifications service must not hold every page up: the socket's 'ready' brings the count too. */
const UNREAD_COUNT_TIMEOUT_MS = 2_000;

/** For member pages: a signed-out visitor is sent to /login (requireUser throws the redirect). */
export async function loadAppLayout(request: Request): Promise<{ layout: AppLoaderData; headers: Headers; session: MemberWithUser }> {
  const session = await requireUser(request);
  const [unread, messagesUnread, features] = await Promise.all([
    fetchUnreadCount(request, session.token, UNREAD_COUNT_TIMEOUT_MS).catch(() => 0),
    fetchMessagesUnread(request, session.token, UNREAD_COUNT_TIMEOUT_MS).then(
      (answer) => answer.unreadTotal,
      () => 0,
    ),
    siteFeatures(request),
  ]);
  const dataSaver = pageDataSaver(request, pagePreferences().dataSaver);
  return { layout: { user: session.user, unread, messagesUnread, features, dataSaver }, headers: new Headers(session.headers), session };
}

/**
 * For pages anyone may see in the layout when signed in (not-found): the layout for a member with
 * a valid access token, null for anyone else (no redirect, no renewal: those pages stand alone).
 */
export async function optionalAppLayout(request: Request): Promise<AppLoaderData | null> {
  if (!getIdentity(request)) return null;
  try {
    return (await loadAppLayout(request)).layout;
  } catch (error) {
    if (error instanceof Response) return null; // a stale session's sign-out redirect
    throw error;
  }
}
