/**
 * What a friend action leads to: the toast the member reads (the product's texts where it has them)
 * and the relation to the other member afterwards, which the profile's button shows at once.
 */
import { friendScreenTexts, friendTexts, type FriendRequest, type Relation } from '@kora/contracts';
import type { FriendIntent } from '~/schemas/friend-action';

/** The send answer's request is already accepted when the other member had asked first. */
type SentRequest = Pick<FriendRequest, 'id' | 'status'>;

export function successText(intent: FriendIntent, sent?: SentRequest): string {
  switch (intent) {
    case 'send':
      return sent?.status === 'accepted' ? friendTexts.requestAccepted : friendTexts.requestSent;
    case 'accept':
      return friendTexts.requestAccepted;
    case 'decline':
      return friendTexts.requestDeclined;
    case 'cancel':
      return friendTexts.requestCancelled;
    case 'unfriend':
      return friendTexts.unfriended;
  }
}

/** Cancel and unfriend are not in the product's catalogue; their texts follow its wording. */
export function failureText(intent: FriendIntent): string {
  switch (intent) {
    case 'send':
      return friendTexts.sendFailed;
    case 'accept':
    case 'decline':
      return friendTexts.respondFailed;
    case 'cancel':
      return friendScreenTexts.cancelFailed;
    case 'unfriend':
      return friendScreenTexts.unfriendFailed;
  }
}

/**
 * The relation an action leaves. `none` (after cancel, decline, unfriend) is a guess that a new
 * request may be sent: the member's privacy may say otherwise, so the action asks the friends
 * service for the real relation then (routes/resources.friends.tsx) and uses this only if it cannot.
 */
export function relationAfter(intent: FriendIntent, userId: number, sent?: SentRequest): Relation {
  const settled = { canRequest: false, reason: null };
  if (intent === 'accept' || (intent === 'send' && sent?.status === 'accepted')) {
    return { userId, status: 'friends', requestId: null, ...settled };
  }
  if (intent === 'send' && sent) return { userId, status: 'requested', requestId: sent.id, ...settled };
  return { userId, status: 'none', requestId: null, canRequest: true, reason: null };
}
