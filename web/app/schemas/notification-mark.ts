/**
 * The form of a notification mark (POST /resources/notifications): `intent` read (with one `id`
 * field per notification), all-read or seen.
 */
import { markReadBody } from '@kora/contracts';

export type NotificationMark = { kind: 'read'; ids: number[] } | { kind: 'all-read' } | { kind: 'seen' };

export function parseNotificationMark(form: FormData): NotificationMark | null {
  const intent = form.get('intent');
  if (intent === 'all-read' || intent === 'seen') return { kind: intent };
  if (intent !== 'read') return null;
  const parsed = markReadBody.safeParse({ ids: form.getAll('id').map(Number) });
  return parsed.success ? { kind: 'read', ids: parsed.data.ids } : null;
}

/** The form for a mark, as the browser sends it. */
export function notificationMarkForm(mark: NotificationMark): URLSearchParams {
  const form = new URLSearchParams({ intent: mark.kind });
  if (mark.kind === 'read') for (const id of mark.ids) form.append('id', String(id));
  return form;
}
