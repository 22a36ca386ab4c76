import { friendTexts, type Relation } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { friendButtonState } from './friend-button-state';

const relation = (status: Relation['status'], requestId: number | null = null): Relation => ({
  userId: 5,
  status,
  requestId,
  canRequest: status === 'none',
  reason: null,
});

describe('friendButtonState', () => {
  it('shows nothing on your own profile and Add Friend to a stranger', () => {
    expect(friendButtonState(relation('self'))).toEqual({ kind: 'hidden' });
    expect(friendButtonState(relation('none'))).toEqual({ kind: 'add' });
  });

  it('shows why instead of Add Friend when the member’s privacy would refuse the request', () => {
    const refused: Relation = { userId: 5, status: 'none', requestId: null, canRequest: false, reason: friendTexts.friendsOfFriendsOnly };
    expect(friendButtonState(refused)).toEqual({ kind: 'refused', reason: friendTexts.friendsOfFriendsOnly });
  });

  it('offers to cancel a request you sent', () => {
    expect(friendButtonState(relation('requested', 3))).toEqual({
      kind: 'menu',
      label: 'Requested',
      items: [{ intent: 'cancel', label: 'Cancel request', confirm: false }],
    });
  });

  it('offers Accept and Decline for a request you received', () => {
    const state = friendButtonState(relation('incoming', 3));
    expect(state.kind === 'menu' && state.label).toBe('Respond');
    expect(state.kind === 'menu' && state.items.map((item) => item.intent)).toEqual(['accept', 'decline']);
  });

  it('offers Unfriend to friends, behind a confirmation', () => {
    expect(friendButtonState(relation('friends'))).toEqual({
      kind: 'menu',
      label: 'Friends',
      items: [{ intent: 'unfriend', label: 'Unfriend', confirm: true }],
    });
  });
});
