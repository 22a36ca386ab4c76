/**
 * The profile's friend button for each relation (GET /api/friends/relation/{id}): a plain
 * Add Friend, a disabled one with the reason when the member's privacy would refuse the request,
 * or a labelled menu of what can be done next. Unfriending asks for confirmation.
 */
import { friendTexts, type Relation } from '@kora/contracts';
import type { FriendIntent } from '~/schemas/friend-action';

export interface FriendMenuItem {
  intent: Exclude<FriendIntent, 'send'>;
  label: string;
  /** Asks "are you sure?" first. */
  confirm: boolean;
}

export type FriendButtonState =
  | { kind: 'hidden' }
  | { kind: 'add' }
  /** No relation, and the member's privacy would refuse a request: why, instead of the button. */
  | { kind: 'refused'; reason: string }
  | { kind: 'menu'; label: 'Requested' | 'Respond' | 'Friends'; items: FriendMenuItem[] };

export function friendButtonState(relation: Relation): FriendButtonState {
  switch (relation.status) {
    case 'self':
      return { kind: 'hidden' };
    case 'none':
      return relation.canRequest ? { kind: 'add' } : { kind: 'refused', reason: relation.reason ?? friendTexts.sendFailed };
    case 'requested':
      return { kind: 'menu', label: 'Requested', items: [{ intent: 'cancel', label: 'Cancel request', confirm: false }] };
    case 'incoming':
      return {
        kind: 'menu',
        label: 'Respond',
        items: [
          { intent: 'accept', label: 'Accept', confirm: false },
          { intent: 'decline', label: 'Decline', confirm: false },
        ],
      };
    case 'friends':
      return { kind: 'menu', label: 'Friends', items: [{ intent: 'unfriend', label: 'Unfriend', confirm: true }] };
  }
}
