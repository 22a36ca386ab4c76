/**
 * Passes the live socket's conversation frames, and each 'ready' (the cue to catch up after a
 * reconnection), to the parts of the page that asked for them: the top bar's Messages badge, the
 * /messages list and the open conversation. It also knows which conversation is open in this tab,
 * so its bell notification is taken as read at once (decision 039: the open conversation
 * suppresses it), and holds the unread messages total the top bar's badge shows. React stays out
 * of this file; it lives in the layout's chunk, so the messages pages' code stays out of others'.
 */
import type { Notification } from '@kora/contracts';
import type { ConversationFrame } from './socket-message';

export type LiveEvent = ConversationFrame | { type: 'ready' };
export type LiveListener = (event: LiveEvent) => void;

/** The messages resource routes (routes/resources.conversations.*): `?index` reaches the index route. */
export const CONVERSATIONS_URL = '/resources/conversations?index';
export const conversationUrl = (id: number) => `/resources/conversations/${id}`;

export interface LiveHub {
  subscribe(listener: LiveListener): () => void;
  emit(event: LiveEvent): void;
  /** The conversation on screen in this tab (null when none). */
  setOpenConversation(id: number | null): void;
  openConversation(): number | null;
  /** The unread messages across the inbox (the server's count), and who shows it. */
  messagesUnread(): number;
  setMessagesUnread(count: number): void;
  watchMessagesUnread(listener: () => void): () => void;
}

export function createLiveHub(initialMessagesUnread = 0): LiveHub {
  const listeners = new Set<LiveListener>();
  const unreadWatchers = new Set<() => void>();
  let open: number | null = null;
  let unread = Math.max(0, initialMessagesUnread);
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
    messagesUnread: () => unread,
    setMessagesUnread(count) {
      const next = Math.max(0, count);
      if (next === unread) return;
      unread = next;
      for (const watcher of [...unreadWatchers]) watcher();
    },
    watchMessagesUnread(listener) {
      unreadWatchers.add(listener);
      return () => unreadWatchers.delete(listener);
    },
  };
}

/** A bell notification about the conversation open in this tab (taken as read: no badge, no toast). */
export function aboutOpenConversation(notification: Notification, open: number | null): boolean {
  return open !== null && notification.type === 'message' && notification.entityId === open;
}
