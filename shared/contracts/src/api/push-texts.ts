/**
 * Push notifications on a member's devices (decision 042): the texts of the API's refusals and of
 * Settings → Notifications' device control. Plain values, so the browser imports them without zod.
 */
import { localizedTexts } from '../i18n/localized-texts.js';
export const pushTexts = localizedTexts('push', {
  // Refusals of the push routes.
  subscriptionInvalid: 'Send the subscription your browser made: an endpoint and its p256dh and auth keys',
  endpointInvalid: "The subscription's endpoint must be a push service's https address",
  notSubscribed: 'This device is not subscribed to push notifications',
  // The title of a push about the member's own things (a payment, their archive): no actor to name.
  productName: 'Kora',
  // Settings → Notifications.
  deviceTitle: 'Push notifications on this device',
  deviceHint: 'Get your notifications on this device even when Kora is closed. The switches above choose which.',
  deviceOn: 'Push notifications are on for this device.',
  deviceOff: 'Push notifications are off for this device.',
  turnOn: 'Turn on',
  turnOff: 'Turn off',
  working: 'Working…',
  unsupported: 'This browser cannot receive push notifications.',
  denied: 'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  failed: 'Could not change push notifications. Please try again.',
  // The gentle offer after the member sends a friend request or a message (never on a page's load).
  offerTitle: 'Turn on push notifications',
  offerBody: 'Know when they answer, even when Kora is closed.',
  offerAccept: 'Turn on',
  offerDismiss: 'Not now',
});

/** What a push carries to the service worker: it shows `title` and `body`, opens `url` on a click, and a newer push with the same `tag` replaces the older. */
export interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag: string;
}

/** The most devices one member keeps subscribed: subscribing one more forgets their oldest. */
export const PUSH_MAX_DEVICES = 20;
