/** The bell's badge and accessible name from the unread count (badge caps at "99+"). */
import { badgeText, notificationTexts } from '@kora/contracts';

/** The badge's text, or null when there is nothing unread (no badge). */
export function bellBadge(unread: number): string | null {
  return unread > 0 ? badgeText(unread) : null;
}

/** "Notifications", or "Notifications, 3 unread" so screen readers hear the badge too. */
export function bellLabel(unread: number): string {
  const badge = bellBadge(unread);
  return badge ? notificationTexts.bellLabel(badge) : notificationTexts.title;
}
