import { describe, expect, it } from 'vitest';
import { notificationMarkForm, type NotificationMark } from './notification-mark';
import { parseNotificationMark } from './notification-mark.server';

function formOf(params: URLSearchParams): FormData {
  const form = new FormData();
  for (const [key, value] of params) form.append(key, value);
  return form;
}

describe('parseNotificationMark', () => {
  it('reads what notificationMarkForm writes', () => {
    const marks: NotificationMark[] = [{ kind: 'read', ids: [3, 1] }, { kind: 'all-read' }, { kind: 'seen' }];
    for (const mark of marks) {
      expect(parseNotificationMark(formOf(notificationMarkForm(mark)))).toEqual(mark);
    }
  });

  it('refuses unknown intents and reads without valid ids', () => {
    expect(parseNotificationMark(formOf(new URLSearchParams({ intent: 'delete' })))).toBeNull();
    expect(parseNotificationMark(formOf(new URLSearchParams({ intent: 'read' })))).toBeNull();
    expect(parseNotificationMark(formOf(new URLSearchParams({ intent: 'read', id: 'x' })))).toBeNull();
  });
});
