import { describe, expect, it } from 'vitest';
import { listAfter, markedRead } from './list-state';
import { makeConversation, makeMessage } from './test-message';

const list = [
  makeConversation(1, { lastActivityAt: '2026-11-29T10:00:00.000Z', lastMessage: makeMessage(10, { conversationId: 1 }) }),
  makeConversation(2, { lastActivityAt: '2026-11-29T09:00:00.000Z', lastMessage: makeMessage(8, { conversationId: 2 }) }),
];

describe('listAfter', () => {
  it('moves a conversation up with its new message and counts it unread unless it is open or the member wrote it', () => {
    const message = makeMessage(11, { conversationId: 2, senderId: 9, createdAt: '2026-11-29T11:00:00.000Z' });
    const next = listAfter(list, { type: 'message:new', message }, 7, null)!;
    expect(next.map((c) => c.id)).toEqual([2, 1]);
    expect(next[0]).toMatchObject({ unreadCount: 1, lastMessage: { id: 11 } });
    expect(listAfter(list, { type: 'message:new', message }, 7, 2)![0]!.unreadCount).toBe(0);
    expect(listAfter(list, { type: 'message:new', message: { ...message, senderId: 7 } }, 7, null)![0]!.unreadCount).toBe(0);
    // The same frame twice counts once.
    expect(listAfter(next, { type: 'message:new', message }, 7, null)).toBe(next);
  });

  it('asks for the list again for what it cannot apply', () => {
    expect(listAfter(list, { type: 'message:new', message: makeMessage(12, { conversationId: 3 }) }, 7, null)).toBeNull();
    expect(listAfter(list, { type: 'conversation:changed', conversationId: 1 }, 7, null)).toBeNull();
    expect(listAfter(list, { type: 'ready' }, 7, null)).toBeNull();
  });

  it("applies the member's own read mark and a deleted or updated last message", () => {
    const unread = [{ ...list[0]!, unreadCount: 3 }, list[1]!];
    expect(listAfter(unread, { type: 'conversation:read', conversationId: 1, userId: 7, readUpTo: 10 }, 7, null)![0]!.unreadCount).toBe(0);
    expect(listAfter(unread, { type: 'conversation:read', conversationId: 1, userId: 9, readUpTo: 10 }, 7, null)).toBe(unread);
    const deleted = makeMessage(10, { conversationId: 1, deleted: true, body: '' });
    expect(listAfter(list, { type: 'message:deleted', message: deleted }, 7, null)![0]!.lastMessage?.deleted).toBe(true);
    const ready = makeMessage(10, {
      conversationId: 1,
      media: [{ url: '/uploads/videos/v.mp4', type: 'video', posterUrl: '/p.jpg', state: 'ready' }],
    });
    expect(listAfter(list, { type: 'message:updated', message: ready }, 7, null)![0]!.lastMessage?.media[0]?.state).toBe('ready');
    expect(markedRead(unread, 1, 10)[0]).toMatchObject({ unreadCount: 0, lastReadId: 10 });
  });
});
