/**
 * Whether to offer push notifications on this device (decision 042): only where the browser can
 * take them, they are not on yet and the site is not blocked, and the member has not said "Not
 * now" on this device before. The answer "Not now" is kept in this browser's localStorage: it is
 * about the device, not the account.
 */
import type { PushDeviceState } from '~/components/settings/push-device';

export const PUSH_OFFER_DISMISSED_KEY = 'kora.push-offer.dismissed';

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export function mayOfferPush(state: PushDeviceState, dismissed: boolean): boolean {
  // 'unsupported', 'denied' and 'on' have nothing to offer; 'checking' is not an answer yet.
  return state === 'off' && !dismissed;
}

/** A storage that cannot be read (blocked, private mode) counts as dismissed: better no offer than one that comes back. */
export function wasPushOfferDismissed(storage: Storage | undefined): boolean {
  try {
    return !storage || storage.getItem(PUSH_OFFER_DISMISSED_KEY) !== null;
  } catch {
    return true;
  }
}

export function rememberPushOfferDismissed(storage: Storage | undefined): void {
  try {
    storage?.setItem(PUSH_OFFER_DISMISSED_KEY, new Date().toISOString());
  } catch {
    // Not kept: the offer may come once more after the next send, which is all it costs.
  }
}
