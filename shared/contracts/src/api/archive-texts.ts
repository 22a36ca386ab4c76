/**
 * "Download your data" (decision 035): the texts of the archive API and of Settings → Your data.
 * Plain values, no schema library, so the browser can import them without zod.
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const ARCHIVE_STATES = ['none', 'preparing', 'ready', 'failed', 'expired'] as const;
export type ArchiveState = (typeof ARCHIVE_STATES)[number];

/** One request per member per this many hours; a download link lives this many days. */
export const ARCHIVE_REQUEST_HOURS = 24;
export const ARCHIVE_LINK_DAYS = 7;

export const ArchiveErrorCode = {
  TooSoon: 'ARCHIVE_TOO_SOON',
  LinkInvalid: 'ARCHIVE_LINK_INVALID',
  LinkExpired: 'ARCHIVE_LINK_EXPIRED',
  NotYours: 'ARCHIVE_NOT_YOURS',
} as const;

export const archiveTexts = localizedTexts('archive', {
  tab: 'Your data',
  heading: 'Download your data',
  intro:
    'Get a copy of everything you have on Kora: your profile, settings, posts, comments, stories, reels (with the photos and videos), ' +
    'friends, groups, saved posts, notifications, wallet transactions and sessions, in one ZIP file.',
  request: 'Request an archive',
  none: 'You have not requested an archive yet.',
  preparing: 'Your archive is being prepared. We will e-mail you a link when it is ready.',
  ready: 'Your archive is ready.',
  download: 'Download archive',
  failed: 'We could not prepare your archive. Please request it again.',
  expired: 'Your last archive has expired and was removed.',
  requested: 'Your archive is being prepared. We will e-mail you a link when it is ready.',
  tooSoon: `You can request one archive every ${ARCHIVE_REQUEST_HOURS} hours. Please try again later.`,
  linkInvalid: 'This download link is not valid.',
  linkExpired: 'This download link has expired. Request a new archive in Settings → Your data.',
  notYours: 'This download link belongs to another account.',
  mailSubject: 'Your Kora data archive is ready',
  notification: 'Your data archive is ready to download.',
  expiresAt: template('The link works until {{when}}.', (when: string) => ({ when })),
  nextRequestAt: template('You can request a new archive after {{when}}.', (when: string) => ({ when })),
});
