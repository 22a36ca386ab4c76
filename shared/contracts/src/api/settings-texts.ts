/**
 * The member settings' texts and choices (docs/product/settings.md): plain values, no schema
 * library, so the browser can import them without carrying zod (settings.ts re-exports them). The
 * product's quoted texts are used verbatim; the per-field refusals are ours (the product runs no
 * checks).
 */
import { localizedLabels } from '../i18n/localized-labels.js';
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const GENDERS = ['male', 'female', 'non_binary', 'prefer_not'] as const;
export type Gender = (typeof GENDERS)[number];

/** Languages the product offers (codes as BCP 47); the default is `en`. Their names are each language's own (endonyms): never translated. */
export const LANGUAGES = ['en', 'fr', 'ha', 'ig', 'yo', 'pcm', 'ar', 'pt', 'es', 'sw'] as const;
export type Language = (typeof LANGUAGES)[number];
export const languageLabels: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  ha: 'Hausa',
  ig: 'Igbo',
  yo: 'Yorùbá',
  pcm: 'Naijá (Pidgin)',
  ar: 'العربية',
  pt: 'Português',
  es: 'Español',
  sw: 'Kiswahili',
};

/** How the web app looks: `system` follows the device's light or dark preference (the default). */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/**
 * Data saver (decision 044): smaller photos, no video autoplay, videos only on tap. `auto` (the
 * default) turns it on when the browser asks to save data or reports a 2G/3G connection.
 */
export const DATA_SAVER_CHOICES = ['auto', 'on', 'off'] as const;
export type DataSaverChoice = (typeof DATA_SAVER_CHOICES)[number];

export const PROFILE_VISIBILITIES = ['everyone', 'friends', 'only_me'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const FRIEND_REQUEST_POLICIES = ['everyone', 'friends_of_friends'] as const;
export type FriendRequestPolicy = (typeof FRIEND_REQUEST_POLICIES)[number];
/** Who may find a member by their exact e-mail address or phone number. */
export const LOOKUP_AUDIENCES = ['everyone', 'friends', 'only_me'] as const;
export type LookupAudience = (typeof LOOKUP_AUDIENCES)[number];

export const NOTIFICATION_SWITCHES = [
  'inappLikes',
  'inappComments',
  'inappMentions',
  'inappFriendRequests',
  'inappGroupActivity',
  'inappPayments',
  'inappMessages',
  'emailDigest',
  'emailSecurity',
] as const;
export type NotificationSwitch = (typeof NOTIFICATION_SWITCHES)[number];

export const GENERAL_TEXT_MAX = 100;
export const WEBSITE_MAX = 200;

export const settingsTexts = localizedTexts('settings', {
  // Toasts and load/save failures (the product's, verbatim).
  saved: 'Your settings were updated successfully',
  failed: 'Something went wrong. Please try again.',
  fetchProfileFailed: 'Failed to fetch profile',
  updateProfileFailed: 'Failed to update profile',
  fetchPrivacyFailed: 'Failed to fetch privacy',
  updatePrivacyFailed: 'Failed to update privacy',
  fetchNotificationsFailed: 'Failed to fetch notifications',
  updateNotificationsFailed: 'Failed to update notifications',
  // Field refusals (ours).
  phoneInvalid: 'Phone must be 7 to 20 characters: digits, +, spaces, parentheses or dashes',
  dateOfBirthInvalid: 'Date of birth must be a date like 1995-04-23',
  dateOfBirthFuture: 'Date of birth cannot be in the future',
  dateOfBirthTooOld: 'Date of birth must be after 1900',
  genderInvalid: 'Gender must be one of male, female, non_binary, prefer_not',
  websiteInvalid: 'Website must be an http:// or https:// address',
  websiteTooLong: `Website must be at most ${WEBSITE_MAX} characters`,
  timezoneInvalid: 'Time zone must be an IANA time zone such as Africa/Lagos',
  languageInvalid: `Language must be one of ${LANGUAGES.join(', ')}`,
  themeInvalid: `Theme must be one of ${THEMES.join(', ')}`,
  themeLabel: 'Theme',
  themeHint: 'System follows your device’s light or dark setting',
  dataSaverInvalid: `Data saver must be one of ${DATA_SAVER_CHOICES.join(', ')}`,
  dataSaverLabel: 'Data saver',
  dataSaverAuto: 'Automatic',
  dataSaverOn: 'On',
  dataSaverOff: 'Off',
  dataSaverHint:
    'Smaller photos, and videos load only when you tap them. Automatic turns it on when your browser asks to save data or on a slow mobile connection.',
  tooLong: template('{{field}} must be at most {{max}} characters', (field: string) => ({ field, max: GENERAL_TEXT_MAX })),
  choiceInvalid: template('{{field}} must be one of {{choices}}', (field: string, choices: readonly string[]) => ({
    field,
    choices: choices.join(', '),
  })),
  switchInvalid: template('{{field}} must be true or false', (field: string) => ({ field })),
  // The digest's unsubscribe link (signed, works without signing in).
  unsubscribed: 'You will no longer receive the daily e-mail digest.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
  // The field names the length refusal names.
  fieldCity: 'City',
  fieldCountry: 'Country',
  fieldWork: 'Work',
  fieldEducation: 'Education',
  // The choices' labels (the label maps below read them).
  genderMale: 'Male',
  genderFemale: 'Female',
  genderNonBinary: 'Non-binary',
  genderPreferNot: 'Prefer not to say',
  themeSystem: 'System',
  themeLight: 'Light',
  themeDark: 'Dark',
  audienceEveryone: 'Everyone',
  audienceFriends: 'Friends',
  audienceOnlyMe: 'Only me',
  friendsOfFriends: 'Friends of friends',
  // Settings → Notifications' switches.
  inappLikes: 'Likes',
  inappLikesHint: 'When someone likes your post',
  inappComments: 'Comments',
  inappCommentsHint: 'When someone comments on your post',
  inappMentions: 'Mentions',
  inappMentionsHint: 'When someone mentions you with @username',
  inappFriendRequests: 'Friend requests',
  inappFriendRequestsHint: 'When someone sends or accepts a friend request',
  inappGroupActivity: 'Group activity',
  inappGroupActivityHint: 'Join requests and posts in your groups',
  inappPayments: 'Payments',
  inappPaymentsHint: 'Wallet top-ups and purchases',
  inappMessages: 'Messages',
  inappMessagesHint: 'When someone sends you a message',
  emailDigest: 'Daily e-mail digest',
  emailDigestHint: 'Your unread notifications at 08:00 in your time zone',
  emailSecurity: 'Security e-mails',
  emailSecurityHint: 'Sign-ins from a new device and password changes',
});

export const genderLabels = localizedLabels<typeof settingsTexts, Gender>(settingsTexts, {
  male: 'genderMale',
  female: 'genderFemale',
  non_binary: 'genderNonBinary',
  prefer_not: 'genderPreferNot',
});
export const themeLabels = localizedLabels<typeof settingsTexts, Theme>(settingsTexts, {
  system: 'themeSystem',
  light: 'themeLight',
  dark: 'themeDark',
});
export const dataSaverLabels = localizedLabels<typeof settingsTexts, DataSaverChoice>(settingsTexts, {
  auto: 'dataSaverAuto',
  on: 'dataSaverOn',
  off: 'dataSaverOff',
});
export const audienceLabels = localizedLabels<typeof settingsTexts, ProfileVisibility>(settingsTexts, {
  everyone: 'audienceEveryone',
  friends: 'audienceFriends',
  only_me: 'audienceOnlyMe',
});
export const friendRequestPolicyLabels = localizedLabels<typeof settingsTexts, FriendRequestPolicy>(settingsTexts, {
  everyone: 'audienceEveryone',
  friends_of_friends: 'friendsOfFriends',
});

/** A switch's label and hint, in the current language. */
export function notificationSwitchLabel(name: NotificationSwitch): { label: string; hint: string } {
  return { label: settingsTexts[name], hint: settingsTexts[`${name}Hint`] };
}
