import { describe, expect, it } from 'vitest';
import { conversationName, receiptText, withMark } from './receipts';
import { makeConversation, makeMember } from './test-message';

describe('conversation names', () => {
  it("are a group's title, else the other members' names", () => {
    expect(conversationName(makeConversation(1), 7)).toBe('Member 9');
    expect(conversationName(makeConversation(1, { kind: 'group', title: 'Beach' }), 7)).toBe('Beach');
    const group = makeConversation(1, {
      kind: 'group',
      members: [makeMember(7), makeMember(9), makeMember(12), makeMember(13, { active: false })],
    });
    expect(conversationName(group, 7)).toBe('Member 9, Member 12');
  });
});

describe('read marks', () => {
  it('say Delivered, then Seen, in a direct conversation', () => {
    let conversation = makeConversation(1);
    expect(receiptText(conversation, 7, 50)).toBeNull();
    conversation = withMark(conversation, { userId: 9, deliveredUpTo: 50 });
    expect(receiptText(conversation, 7, 50)).toBe('Delivered');
    conversation = withMark(conversation, { userId: 9, readUpTo: 50 });
    expect(receiptText(conversation, 7, 50)).toBe('Seen');
    expect(receiptText(conversation, 7, 51)).toBeNull();
  });

  it('name who has seen it in a group', () => {
    let group = makeConversation(1, { kind: 'group', title: 'Beach', members: [makeMember(7), makeMember(9), makeMember(12)] });
    group = withMark(group, { userId: 12, deliveredUpTo: 40 });
    expect(receiptText(group, 7, 40)).toBe('Delivered');
    group = withMark(group, { userId: 9, readUpTo: 40 });
    expect(receiptText(group, 7, 40)).toBe('Seen by Member 9');
    group = withMark(group, { userId: 12, readUpTo: 41 });
    expect(receiptText(group, 7, 40)).toBe('Seen by Member 9, Member 12');
  });

  it('only move forward, and a read mark counts as delivered', () => {
    const read = withMark(makeConversation(1), { userId: 9, readUpTo: 30 });
    expect(read.members[1]).toMatchObject({ readUpTo: 30, deliveredUpTo: 30 });
    const late = withMark(read, { userId: 9, readUpTo: 20, deliveredUpTo: 25 });
    expect(late).toBe(read);
  });
});
