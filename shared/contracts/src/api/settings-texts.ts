/**
 * The member settings' texts and choices (docs/product/settings.md): plain values, no schema
 * library, so the browser can import them without carrying zod (settings.ts re-exports them). The
 * product's quoted texts are used verbatim; the per-field refusals are ours (the product runs no
 * checks).
 */
export const GENDERS = ['male', 'female', 'non_binary', 'prefer_not'] as const;
export type Gender = (typeof GENDERS)[number];
export const genderLabels: Record<Gender, string> = {
  male: 'Male',
  female: 'Female',
  non_binary: 'Non-binary',
  prefer_not: 'Prefer not to say',
};

/** Languages the product offers (codes as BCP 47); the default is `en`. */
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

export const PROFILE_VISIBILITIES = ['everyone', 'friends', 'only_me'] as const;
export type ProfileVisibility = (typeof PROFILE_VISIBILITIES)[number];
export const FRIEND_REQUEST_POLICIES = ['everyone', 'friends_of_friends'] as const;
export type FriendRequestPolicy = (typeof FRIEND_REQUEST_POLICIES)[number];
/** Who may find a member by their exact e-mail address or phone number. */
export const LOOKUP_AUDIENCES = ['everyone', 'friends', 'only_me'] as const;
export type LookupAudience = (typeof LOOKUP_AUDIENCES)[number];

export const audienceLabels: Record<ProfileVisibility, string> = { everyone: 'Everyone', friends: 'Friends', only_me: 'Only me' };
export const friendRequestPolicyLabels: Record<FriendRequestPolicy, string> = {
  everyone: 'Everyone',
  friends_of_friends: 'Friends of friends',
};

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
export const notificationSwitchLabels: Record<NotificationSwitch, { label: string; hint: string }> = {
  inappLikes: { label: 'Likes', hint: 'When someone likes your post' },
  inappComments: { label: 'Comments', hint: 'When someone comments on your post' },
  inappMentions: { label: 'Mentions', hint: 'When someone mentions you with @username' },
  inappFriendRequests: { label: 'Friend requests', hint: 'When someone sends or accepts a friend request' },
  inappGroupActivity: { label: 'Group activity', hint: 'Join requests and posts in your groups' },
  inappPayments: { label: 'Payments', hint: 'Wallet top-ups and purchases' },
  inappMessages: { label: 'Messages', hint: 'When someone sends you a message' },
  emailDigest: { label: 'Daily e-mail digest', hint: 'Your unread notifications at 08:00 in your time zone' },
  emailSecurity: { label: 'Security e-mails', hint: 'Sign-ins from a new device and password changes' },
};

export const GENERAL_TEXT_MAX = 100;
export const WEBSITE_MAX = 200;

export const settingsTexts = {
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
  tooLong: (field: string) => `${field} must be at most ${GENERAL_TEXT_MAX} characters`,
  choiceInvalid: (field: string, choices: readonly string[]) => `${field} must be one of ${choices.join(', ')}`,
  switchInvalid: (field: string) => `${field} must be true or false`,
  // The digest's unsubscribe link (signed, works without signing in).
  unsubscribed: 'You will no longer receive the daily e-mail digest.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;
