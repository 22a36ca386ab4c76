/**
 * The form of a notification mark (POST /resources/notifications): `intent` read (with one `id`
 * field per notification), all-read or seen.
 */

export type NotificationMark = { kind: 'read'; ids: number[] } | { kind: 'all-read' } | { kind: 'seen' };

/** The form for a mark, as the browser sends it. */
export function notificationMarkForm(mark: NotificationMark): URLSearchParams {
  const form = new URLSearchParams({ intent: mark.kind });
  if (mark.kind === 'read') for (const id of mark.ids) form.append('id', String(id));
  return form;
}
