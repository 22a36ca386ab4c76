/**
 * The profile's friend button for each relation (GET /api/friends/relation/{id}): a plain
 * Add Friend, a disabled one with the reason when the member's privacy would refuse the request,
 * or a labelled menu of what can be done next. Unfriending asks for confirmation.
 */
import { friendScreenTexts as texts, friendTexts, type Relation } from '@kora/contracts';
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
  | { kind: 'menu'; label: string; items: FriendMenuItem[] };

export function friendButtonState(relation: Relation): FriendButtonState {
  switch (relation.status) {
    case 'self':
      return { kind: 'hidden' };
    case 'none':
      return relation.canRequest ? { kind: 'add' } : { kind: 'refused', reason: relation.reason ?? friendTexts.sendFailed };
    case 'requested':
      return { kind: 'menu', label: texts.requested, items: [{ intent: 'cancel', label: texts.cancelRequest, confirm: false }] };
    case 'incoming':
      return {
        kind: 'menu',
        label: texts.respond,
        items: [
          { intent: 'accept', label: texts.accept, confirm: false },
          { intent: 'decline', label: texts.decline, confirm: false },
        ],
      };
    case 'friends':
      return { kind: 'menu', label: texts.friends, items: [{ intent: 'unfriend', label: texts.unfriend, confirm: true }] };
  }
}
