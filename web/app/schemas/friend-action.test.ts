import { describe, expect, it } from 'vitest';
import { toFormData } from '~/utils/form-data';
import { parseFriendAction } from './friend-action';

describe('parseFriendAction', () => {
  it('reads a request to send and an unfriend by member id', () => {
    expect(parseFriendAction(toFormData({ intent: 'send', userId: '7' }))).toEqual({ intent: 'send', userId: 7 });
    expect(parseFriendAction(toFormData({ intent: 'unfriend', userId: '7' }))).toEqual({ intent: 'unfriend', userId: 7 });
  });

  it('reads answers and cancels by request id, with the other member when given', () => {
    expect(parseFriendAction(toFormData({ intent: 'accept', requestId: '3' }))).toEqual({ intent: 'accept', requestId: 3 });
    expect(parseFriendAction(toFormData({ intent: 'cancel', requestId: '3', userId: '9' }))).toEqual({
      intent: 'cancel',
      requestId: 3,
      userId: 9,
    });
  });

  it('refuses unknown intents and missing or bad ids', () => {
    expect(parseFriendAction(toFormData({ intent: 'poke', userId: '7' }))).toBeNull();
    expect(parseFriendAction(toFormData({ intent: 'send' }))).toBeNull();
    expect(parseFriendAction(toFormData({ intent: 'send', userId: '-1' }))).toBeNull();
    expect(parseFriendAction(toFormData({ intent: 'decline', userId: '7' }))).toBeNull();
    expect(parseFriendAction(toFormData({ intent: 'accept', requestId: '1.5' }))).toBeNull();
  });
});
