/**
 * The moments Kora may offer push notifications (decision 042): right after the member sent a
 * friend request or a message, when knowing of the answer matters to them. The sending code calls
 * `offerPush`; the offer card in the layout listens.
 */
import { tabSignal } from '~/utils/tab-signal';

export type PushOfferMoment = 'friend-request' | 'message';

const moments = tabSignal<PushOfferMoment>();
export const offerPush = moments.send;
export const usePushOfferSignal = moments.useListener;
