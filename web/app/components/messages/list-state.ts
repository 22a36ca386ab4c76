/**
 * The /messages list in the browser: the loader's page, kept current by the live frames without
 * asking the server each time when the frame says enough (a new or deleted message of a listed
 * conversation, the member's own read mark). Anything else (a conversation not listed yet, a
 * change of title or members) returns null: the caller loads the list again.
 */
import type { Conversation } from '@kora/contracts';
import type { LiveEvent } from '~/utils/live-hub';

export function byActivity(list: readonly Conversation[]): Conversation[] {
  return [...list].sort((a, b) => b.lastActivityAt.localeCompare(a.lastActivityAt) || b.id - a.id);
}

/** The list after `event`, the same list when it does not concern it, or null to load it again. */
export function listAfter(list: readonly Conversation[], event: LiveEvent, meId: number, openId: number | null): Conversation[] | null {
  switch (event.type) {
    case 'message:new': {
      const { message } = event;
      const known = list.find((item) => item.id === message.conversationId);
      if (!known) return null;
      if (known.lastMessage && known.lastMessage.id >= message.id) return list as Conversation[];
      const counts = message.senderId !== meId && message.conversationId !== openId;
      const next: Conversation = {
        ...known,
        lastMessage: message,
        lastActivityAt: message.createdAt > known.lastActivityAt ? message.createdAt : known.lastActivityAt,
        unreadCount: counts ? known.unreadCount + 1 : known.unreadCount,
      };
      return byActivity(list.map((item) => (item.id === known.id ? next : item)));
    }
    case 'message:deleted':
    case 'message:updated':
      return list.map((item) => (item.lastMessage?.id === event.message.id ? { ...item, lastMessage: event.message } : item));
    case 'conversation:read':
      if (event.userId !== meId) return list as Conversation[];
      return list.map((item) =>
        item.id === event.conversationId ? { ...item, unreadCount: 0, lastReadId: Math.max(item.lastReadId, event.readUpTo) } : item,
      );
    case 'conversation:changed':
    case 'ready':
      return null;
    default:
      return list as Conversation[];
  }
}

/** The member read `conversationId` (the open page's read answer): its unread count is gone. */
export function markedRead(list: readonly Conversation[], conversationId: number, readUpTo: number): Conversation[] {
  return list.map((item) =>
    item.id === conversationId && (item.unreadCount > 0 || item.lastReadId < readUpTo)
      ? { ...item, unreadCount: 0, lastReadId: Math.max(item.lastReadId, readUpTo) }
      : item,
  );
}
