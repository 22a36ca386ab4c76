/** Messages and conversations in the contract's shape for unit tests (not used by the app). */
import type { Conversation, ConversationMember, Message } from '@kora/contracts';

export function makeMessage(id: number, overrides: Partial<Message> = {}): Message {
  return {
    id,
    conversationId: 88,
    senderId: 9,
    clientId: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
    body: `message ${id}`,
    media: [],
    replyTo: null,
    deleted: false,
    createdAt: '2026-11-29T17:06:00.000Z',
    ...overrides,
  };
}

export function makeMember(id: number, overrides: Partial<ConversationMember> = {}): ConversationMember {
  return {
    id,
    username: `user${id}`,
    name: `Member ${id}`,
    profileImage: '',
    active: true,
    readUpTo: null,
    deliveredUpTo: null,
    ...overrides,
  };
}

export function makeConversation(id: number, overrides: Partial<Conversation> = {}): Conversation {
  return {
    id,
    kind: 'direct',
    title: null,
    creatorId: 7,
    folder: 'inbox',
    members: [makeMember(7), makeMember(9)],
    lastMessage: null,
    lastActivityAt: '2026-11-29T10:00:00.000Z',
    unreadCount: 0,
    lastReadId: 0,
    ...overrides,
  };
}
