/**
 * Passes the live socket's conversation frames, and each 'ready' (the cue to catch up after a
 * reconnection), to the parts of the page that asked for them: the top bar's Messages badge, the
 * /messages list and the open conversation. It also knows which conversation is open in this tab,
 * so its bell notification is taken as read at once (decision 039: the open conversation
 * suppresses it). React stays out of this file.
 */
import type { Notification } from '@kora/contracts';
import type { ConversationFrame } from './socket-message';

export type LiveEvent = ConversationFrame | { type: 'ready' };
export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  subscribe(listener: LiveListener): () => void;
  emit(event: LiveEvent): void;
  /** The conversation on screen in this tab (null when none). */
  setOpenConversation(id: number | null): void;
  openConversation(): number | null;
}

export function createLiveHub(): LiveHub {
  const listeners = new Set<LiveListener>();
  let open: number | null = null;
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event) {
      // A copy: a listener may unsubscribe while being told.
      for (const listener of [...listeners]) listener(event);
    },
    setOpenConversation(id) {
      open = id;
    },
    openConversation: () => open,
  };
}

/** A bell notification about the conversation open in this tab (taken as read: no badge, no toast). */
export function aboutOpenConversation(notification: Notification, open: number | null): boolean {
  return open !== null && notification.type === 'message' && notification.entityId === open;
}
