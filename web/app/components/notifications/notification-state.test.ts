import { describe, expect, it } from 'vitest';
import { initialNotificationState, mergeNotifications, notificationReducer, type NotificationState } from './notification-state';
import { makeNotification as n } from './test-notification';

const ids = (state: { items: { id: number }[] } | { id: number }[]) => ('items' in state ? state.items : state).map((item) => item.id);
const AT = '2026-01-06T08:00:00.000Z';

function state(items: ReturnType<typeof n>[], unread: number): NotificationState {
  return { items, unread, loaded: true };
}

describe('mergeNotifications', () => {
  it('lists each notification once, newest first', () => {
    expect(ids(mergeNotifications([n(5), n(3)], [n(4), n(3), n(1)]))).toEqual([5, 4, 3, 1]);
  });

  it('keeps read and seen marks whichever copy carries them', () => {
    const [merged] = mergeNotifications([n(3)], [n(3, { readAt: AT, seenAt: AT })]);
    expect(merged).toMatchObject({ readAt: AT, seenAt: AT });
    const [other] = mergeNotifications([n(3, { readAt: AT })], [n(3)]);
    expect(other!.readAt).toBe(AT);
  });

  it("keeps only the newest copy of a conversation's message notification (renewed under a new id), and every other kind", () => {
    const message = (id: number, conversation: number) => n(id, { type: 'message', entityType: 'conversation', entityId: conversation });
    const merged = mergeNotifications([message(9, 70)], [message(6, 71), message(4, 70), n(3), n(2)]);
    expect(ids(merged)).toEqual([9, 6, 3, 2]);
  });
});

describe('notificationReducer', () => {
  it('puts a live notification on top and raises the count by one', () => {
    const next = notificationReducer(state([n(2), n(1)], 1), { type: 'live', notification: n(3) });
    expect(ids(next)).toEqual([3, 2, 1]);
    expect(next.unread).toBe(2);
  });

  it('ignores a live notification it already has (no double count)', () => {
    const before = state([n(3), n(2)], 1);
    expect(notificationReducer(before, { type: 'live', notification: n(3) })).toBe(before);
  });

  it('merges a catch-up page with live ones without duplicates and takes its count', () => {
    const live = notificationReducer(initialNotificationState(0), { type: 'live', notification: n(7) });
    const next = notificationReducer(live, { type: 'page', notifications: [n(7), n(6), n(5)], unread: 3 });
    expect(ids(next)).toEqual([7, 6, 5]);
    expect(next).toMatchObject({ unread: 3, loaded: true });
  });

  it('keeps older pages when a fresh first page arrives', () => {
    const next = notificationReducer(state([n(4), n(3), n(2), n(1)], 0), { type: 'page', notifications: [n(5), n(4)] });
    expect(ids(next)).toEqual([5, 4, 3, 2, 1]);
    expect(next.unread).toBe(0);
  });

  it('marks some read: only unread ones lower the count, never below 0', () => {
    const next = notificationReducer(state([n(3), n(2, { readAt: AT }), n(1)], 2), { type: 'read', ids: [3, 2], at: AT });
    expect(next.unread).toBe(1);
    expect(next.items.map((item) => item.readAt)).toEqual([AT, AT, null]);
    expect(notificationReducer(state([n(1)], 0), { type: 'read', ids: [1], at: AT }).unread).toBe(0);
  });

  it('marks all read and all seen', () => {
    const read = notificationReducer(state([n(2), n(1)], 2), { type: 'all-read', at: AT });
    expect(read.unread).toBe(0);
    expect(read.items.every((item) => item.readAt === AT)).toBe(true);
    const seen = notificationReducer(state([n(2), n(1, { seenAt: '2026-01-01T00:00:00.000Z' })], 2), { type: 'seen', at: AT });
    expect(seen.items.map((item) => item.seenAt)).toEqual([AT, '2026-01-01T00:00:00.000Z']);
    expect(seen.unread).toBe(2);
  });

  it("takes the server's count, never below 0", () => {
    expect(notificationReducer(state([], 4), { type: 'unread', count: 9 }).unread).toBe(9);
    expect(notificationReducer(state([], 4), { type: 'unread', count: -1 }).unread).toBe(0);
  });
});
