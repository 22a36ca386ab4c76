/**
 * Keeps the top bar's Messages badge current for the whole signed-in layout (decision 039): a new
 * message from someone else, a read mark of the member's own (another tab) and every 'ready' (a
 * reconnection) ask the server's total again (GET /resources/conversations?unread=1), since only
 * the server knows whether a message landed in the inbox or waits as a request, which the badge
 * does not count. A message that arrives is marked delivered at once, whichever page is open.
 * Renders nothing; small and free of module-level work, so it joins the layout's chunk.
 */
import { useEffect } from 'react';
import { useLiveHub } from '~/components/notifications/live-notifications-provider';
import { CONVERSATIONS_URL, conversationUrl } from '~/utils/live-hub';

const init: RequestInit = { credentials: 'same-origin', redirect: 'manual', cache: 'no-store' };
/** Several frames in a burst (a group's messages, a reconnection) ask once. */
const REFRESH_WAIT_MS = 300;

export function LiveMessagesSync({ meId }: { meId: number }) {
  const hub = useLiveHub();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        fetch(`${CONVERSATIONS_URL}&unread=1`, init)
          .then((response) => (response.ok ? (response.json() as Promise<{ unreadTotal?: unknown }>) : null))
          .then((answer) => {
            if (answer && typeof answer.unreadTotal === 'number') hub.setMessagesUnread(answer.unreadTotal);
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
  return null;
}
