/**
 * Reads a notification mark back from a submitted form (the notifications resource route's
 * action): the server's half of notification-mark.ts, apart so the schema never reaches the browser.
 */
import { markReadBody } from '@kora/contracts';
import type { NotificationMark } from './notification-mark';

export function parseNotificationMark(form: FormData): NotificationMark | null {
  const intent = form.get('intent');
  if (intent === 'all-read' || intent === 'seen') return { kind: intent };
  if (intent !== 'read') return null;
  const parsed = markReadBody.safeParse({ ids: form.getAll('id').map(Number) });
  return parsed.success ? { kind: 'read', ids: parsed.data.ids } : null;
}
