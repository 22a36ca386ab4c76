/**
 * The member's notifications for the whole signed-in layout: the bell, its dropdown and the
 * /notifications page read the same list and unread count from here. The list is fed by pages from
 * the API and by the live socket (utils/live-notifications.ts); every 'ready' from the socket (the
 * first connection and each reconnection) refetches the first page and the count, so notifications
 * sent while the socket was down still appear. Marks (read, all read, seen) apply at once and take
 * the server's count from the answer; failures are only logged (docs/product/notifications.md),
 * then the list is refetched. The same socket carries the conversations' frames (decision 039):
 * they, and each 'ready', go to the live hub (utils/live-hub.ts) for the pages that subscribe.
 */
import type { Notification } from '@kora/contracts';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, useState, type ReactNode } from 'react';
import type { NotificationMark } from '~/schemas/notification-mark';
import { aboutOpenConversation, createLiveHub, type LiveHub } from '~/utils/live-hub';
import { connectLiveNotifications, socketUrl, type LiveStatus } from '~/utils/live-notifications';
import { refreshSession } from '~/utils/session-refresh';
import { initialNotificationState, notificationReducer, type NotificationEvent, type NotificationState } from './notification-state';
import { loadNotifications, sendNotificationMark } from './notifications-api';

interface LiveNotificationActions {
  /** Loads the first page unless it is there (the dropdown opened before the socket was ready). */
  ensureLoaded: () => void;
  /** Loads the page after `cursor`: answers the next cursor, or undefined when loading failed. */
  loadMore: (cursor: number) => Promise<number | null | undefined>;
  /** Adds notifications a page loaded itself (the /notifications page's first page). */
  absorb: (notifications: Notification[]) => void;
  markRead: (ids: number[]) => void;
  markAllRead: () => void;
  markSeen: () => void;
}

export interface LiveNotifications extends NotificationState, LiveNotificationActions {
  status: LiveStatus;
}

const LiveNotificationsContext = createContext<LiveNotifications | null>(null);
const LiveHubContext = createContext<LiveHub | null>(null);

function logFailure(what: string, error: unknown): void {
  console.error(`${what} failed:`, error instanceof Error ? error.message : error);
}

export function LiveNotificationsProvider({
  initialUnread,
  initialMessagesUnread = 0,
  children,
}: {
  initialUnread: number;
  /** The unread messages total for the top bar's Messages badge (the hub holds it). */
  initialMessagesUnread?: number;
  children: ReactNode;
}) {
  const [state, dispatch] = useReducer(notificationReducer, initialUnread, initialNotificationState);
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const loaded = useRef(false);
  loaded.current = state.loaded;
  const [hub] = useState(() => createLiveHub(initialMessagesUnread));

  /** Loads the page after `cursor` (the first page for null): answers the next cursor, or undefined when loading failed. */
  const loadPage = useCallback(async (cursor: number | null): Promise<number | null | undefined> => {
    try {
      const { page, unread } = await loadNotifications(cursor);
      dispatch({ type: 'page', notifications: page.notifications, unread });
      return page.nextCursor;
    } catch (error) {
      logFailure('Loading notifications', error);
      return undefined;
    }
  }, []);
  const catchUp = useCallback(() => loadPage(null), [loadPage]);

  useEffect(() => {
    const connection = connectLiveNotifications({
      url: socketUrl(window.location),
      onReady: (unread) => {
        dispatch({ type: 'unread', count: unread });
        void catchUp();
        hub.emit({ type: 'ready' });
      },
      onNotification: (notification) => {
        // The conversation is on screen: its notification is read as it arrives (the page marks the conversation read).
        const read = aboutOpenConversation(notification, hub.openConversation());
        dispatch({
          type: 'live',
          notification: read ? { ...notification, readAt: notification.readAt ?? new Date().toISOString() } : notification,
        });
      },
      onConversationFrame: (frame) => hub.emit(frame),
      onStatus: setStatus,
      refreshSession,
    });
    // Back online, or this tab shown again: reconnect now rather than after the current wait.
    const retry = () => {
      if (document.visibilityState === 'visible') connection.retryNow();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retry);
    return () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retry);
      connection.close();
    };
  }, [catchUp, hub]);

  // Stable across renders, so pages can use them in effects without looping.
  const actions = useMemo<LiveNotificationActions>(() => {
    function mark(request: NotificationMark, local: NotificationEvent): void {
      dispatch(local);
      sendNotificationMark(request).then(
        ({ unread }) => dispatch({ type: 'unread', count: unread }),
        (error: unknown) => {
          logFailure('Marking notifications', error);
          void catchUp();
        },
      );
    }
    const now = () => new Date().toISOString();
    return {
      ensureLoaded: () => {
        if (!loaded.current) void catchUp();
      },
      loadMore: loadPage,
      absorb: (notifications) => dispatch({ type: 'page', notifications }),
      markRead: (ids) => mark({ kind: 'read', ids }, { type: 'read', ids, at: now() }),
      markAllRead: () => mark({ kind: 'all-read' }, { type: 'all-read', at: now() }),
      markSeen: () => mark({ kind: 'seen' }, { type: 'seen', at: now() }),
    };
  }, [catchUp, loadPage]);

  const value = useMemo(() => ({ ...state, status, ...actions }), [state, status, actions]);
  return (
    <LiveHubContext.Provider value={hub}>
      <LiveNotificationsContext.Provider value={value}>{children}</LiveNotificationsContext.Provider>
    </LiveHubContext.Provider>
  );
}

/** The live hub of the signed-in layout: conversation frames and each 'ready' (utils/live-hub.ts). */
export function useLiveHub(): LiveHub {
  const hub = useContext(LiveHubContext);
  if (!hub) throw new Error('useLiveHub must be used inside <LiveNotificationsProvider>');
  return hub;
}

export function useLiveNotifications(): LiveNotifications {
  const value = useContext(LiveNotificationsContext);
  if (!value) throw new Error('useLiveNotifications must be used inside <LiveNotificationsProvider>');
  return value;
}
