/**
 * The installed app's own page (decision 041): what a member sees when a page cannot load because
 * the device has no connection. Plain values, so the web can render them without zod.
 */
import { localizedTexts } from '../i18n/localized-texts.js';
export const offlineTexts = localizedTexts('offline', {
  title: 'You are offline',
  heading: 'No connection',
  body: 'Your device is offline, so this page cannot load right now. Check your Wi-Fi or mobile data, then try again.',
  retry: 'Try again',
});
