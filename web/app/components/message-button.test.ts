import { messagesLinkTexts, messageTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';

describe('the messages link texts', () => {
  it('say what the messages screens say (kept apart for the layout’s weight)', () => {
    expect(messagesLinkTexts.messageButton).toBe(messageTexts.messageButton);
    expect(messagesLinkTexts.linkLabel(0)).toBe(messageTexts.title);
    expect(messagesLinkTexts.linkLabel(3)).toBe('Messages, 3 unread');
    expect(messagesLinkTexts.linkLabel(100)).toBe(`Messages, ${messageTexts.unreadBadge(100)} unread`);
  });
});
