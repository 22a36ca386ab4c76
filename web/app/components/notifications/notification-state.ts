/**
 * The member's notifications in the browser: one list (newest first) fed by pages from the API and
 * by the live socket, plus the unread count. The same notification can arrive both ways (a live one
 * is also on the next catch-up page), so lists merge by id; read and seen marks only ever get set,
 * so the copy that has them wins whichever arrived first.
 */
import type { Notification } from '@kora/contracts';

export interface NotificationState {
  items: Notification[];
  unread: number;
  /** A first page has arrived (the dropdown shows a spinner until then). */
  loaded: boolean;
}

export type NotificationEvent =
  /** Pushed by the socket. */
  | { type: 'live'; notification: Notification }
  /** A page from the API; `unread` when the answer carried the count. */
  | { type: 'page'; notifications: Notification[]; unread?: number }
  /** The server's count (socket 'ready', or the answer to a mark). */
  | { type: 'unread'; count: number }
  | { type: 'read'; ids: number[]; at: string }
  | { type: 'all-read'; at: string }
  | { type: 'seen'; at: string };

export function initialNotificationState(unread: number): NotificationState {
  return { items: [], unread: Math.max(0, unread), loaded: false };
}

function combine(a: Notification, b: Notification): Notification {
  return { ...a, readAt: a.readAt ?? b.readAt, seenAt: a.seenAt ?? b.seenAt };
}

/**
 * All lists as one, each notification once, newest first (ids only grow). A conversation has one
 * `message` notification that the server renews under a new id (decision 039): only the newest copy
 * of it stays.
 */
export function mergeNotifications(...lists: Notification[][]): Notification[] {
  const byId = new Map<number, Notification>();
  for (const list of lists) {
    for (const item of list) {
      const known = byId.get(item.id);
      byId.set(item.id, known ? combine(known, item) : item);
    }
  }
  const newestFirst = [...byId.values()].sort((a, b) => b.id - a.id);
  const conversations = new Set<number>();
  return newestFirst.filter((item) => {
    if (item.type !== 'message') return true;
    if (conversations.has(item.entityId)) return false;
    conversations.add(item.entityId);
    return true;
  });
}

/** Whether "Mark all as read" has anything to do: the server counts some unread, or a listed one is. */
export function anyUnread(unread: number, items: readonly Notification[]): boolean {
  return unread > 0 || items.some((item) => !item.readAt);
}

export function notificationReducer(state: NotificationState, event: NotificationEvent): NotificationState {
  switch (event.type) {
    case 'live': {
      if (state.items.some((item) => item.id === event.notification.id)) return state;
      const unread = event.notification.readAt ? state.unread : state.unread + 1;
      return { ...state, items: mergeNotifications([event.notification], state.items), unread };
    }
    case 'page':
      return {
        items: mergeNotifications(event.notifications, state.items),
        unread: event.unread === undefined ? state.unread : Math.max(0, event.unread),
        loaded: true,
      };
    case 'unread':
      return { ...state, unread: Math.max(0, event.count) };
    case 'read': {
      const ids = new Set(event.ids);
      const newlyRead = state.items.filter((item) => ids.has(item.id) && !item.readAt).length;
      const items = state.items.map((item) => (ids.has(item.id) && !item.readAt ? { ...item, readAt: event.at } : item));
      return { ...state, items, unread: Math.max(0, state.unread - newlyRead) };
    }
    case 'all-read':
      return { ...state, items: state.items.map((item) => (item.readAt ? item : { ...item, readAt: event.at })), unread: 0 };
    case 'seen':
      return { ...state, items: state.items.map((item) => (item.seenAt ? item : { ...item, seenAt: event.at })) };
  }
}
