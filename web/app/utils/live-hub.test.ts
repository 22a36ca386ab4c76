import { describe, expect, it } from 'vitest';
import { makeNotification } from '~/components/notifications/test-notification';
import { aboutOpenConversation, createLiveHub, type LiveEvent } from './live-hub';

describe('createLiveHub', () => {
  it('tells every listener until it unsubscribes, and remembers the open conversation', () => {
    const hub = createLiveHub();
    const a: LiveEvent[] = [];
    const b: LiveEvent[] = [];
    const stopA = hub.subscribe((event) => a.push(event));
    hub.subscribe((event) => b.push(event));
    hub.emit({ type: 'ready' });
    stopA();
    hub.emit({ type: 'conversation:changed', conversationId: 4 });
    expect(a).toEqual([{ type: 'ready' }]);
    expect(b).toHaveLength(2);
    expect(hub.openConversation()).toBeNull();
    hub.setOpenConversation(4);
    expect(hub.openConversation()).toBe(4);
  });

  it('holds the unread messages total and tells who watches it when it changes', () => {
    const hub = createLiveHub(3);
    let told = 0;
    const stop = hub.watchMessagesUnread(() => (told += 1));
    expect(hub.messagesUnread()).toBe(3);
    hub.setMessagesUnread(3);
    hub.setMessagesUnread(-2);
    expect(hub.messagesUnread()).toBe(0);
    stop();
    hub.setMessagesUnread(5);
    expect(told).toBe(1);
  });

  it("takes only the open conversation's message notification as read", () => {
    const notice = { ...makeNotification(1), type: 'message', entityId: 4 };
    expect(aboutOpenConversation(notice, 4)).toBe(true);
    expect(aboutOpenConversation(notice, 5)).toBe(false);
    expect(aboutOpenConversation(notice, null)).toBe(false);
    expect(aboutOpenConversation({ ...notice, type: 'post_like' }, 4)).toBe(false);
  });
});
