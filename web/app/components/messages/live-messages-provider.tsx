/**
 * The top bar's Messages badge for the whole signed-in layout (decision 039): the unread total from
 * the layout's loader, then kept current from the live hub. A new message from someone else, a
 * read mark of the member's own (another tab) and every 'ready' (a reconnection) ask the server's
 * total again (GET /resources/conversations?unread=1): only the server knows whether a message
 * landed in the inbox or waits as a request, which the badge does not count. A message that
 * arrives is marked delivered to its conversation at once, whichever page is open.
 * Kept small: every member page loads it.
 */
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLiveHub } from '~/components/notifications/live-notifications-provider';
import { CONVERSATIONS_URL, conversationUrl } from './types';

interface LiveMessages {
  unread: number;
  /** The server's total after a read mark (its answer carries it). */
  setUnread: (count: number) => void;
}

const LiveMessagesContext = createContext<LiveMessages>({ unread: 0, setUnread: () => {} });

const init: RequestInit = { credentials: 'same-origin', redirect: 'manual', cache: 'no-store' };
/** Several frames in a burst (a group's messages, a reconnection) ask once. */
const REFRESH_WAIT_MS = 300;

export function LiveMessagesProvider({ initialUnread, meId, children }: { initialUnread: number; meId: number; children: ReactNode }) {
  const hub = useLiveHub();
  const [unread, setUnread] = useState(Math.max(0, initialUnread));

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        fetch(`${CONVERSATIONS_URL}?unread=1`, init)
          .then((response) => (response.ok ? (response.json() as Promise<{ unreadTotal?: unknown }>) : null))
          .then((answer) => {
            if (answer && typeof answer.unreadTotal === 'number') setUnread(Math.max(0, answer.unreadTotal));
          })
          .catch(() => {}); // the next frame or reconnection asks again
      }, REFRESH_WAIT_MS);
    };
    const stop = hub.subscribe((event) => {
      if (event.type === 'ready') refresh();
      else if (event.type === 'message:new' && event.message.senderId !== meId) {
        refresh();
        const body = new URLSearchParams({ intent: 'delivered', messageId: String(event.message.id) });
        fetch(conversationUrl(event.message.conversationId), { ...init, method: 'POST', body }).catch(() => {});
      } else if (event.type === 'conversation:read' && event.userId === meId) refresh();
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [hub, meId]);

  const value = useMemo(() => ({ unread, setUnread: (count: number) => setUnread(Math.max(0, count)) }), [unread]);
  return <LiveMessagesContext.Provider value={value}>{children}</LiveMessagesContext.Provider>;
}

export function useLiveMessages(): LiveMessages {
  return useContext(LiveMessagesContext);
}
