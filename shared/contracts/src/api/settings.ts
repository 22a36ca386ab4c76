/**
 * The member settings API (settings service; docs/product/settings.md): one object per tab. GET
 * answers the caller's stored object (defaults until they save); PUT takes the tab's object, fields
 * left out keep their stored value, `username` and `user_email` are read-only (a PUT may carry
 * them; they are ignored), and answers the stored object.
 */
import { z } from 'zod';
import { MESSAGE_POLICIES } from './messages-texts.js';
import {
  DATA_SAVER_CHOICES,
  FRIEND_REQUEST_POLICIES,
  GENDERS,
  GENERAL_TEXT_MAX,
  LANGUAGES,
  LOOKUP_AUDIENCES,
  NOTIFICATION_SWITCHES,
  PROFILE_VISIBILITIES,
  settingsTexts as t,
  THEMES,
  WEBSITE_MAX,
} from './settings-texts.js';

export * from './settings-texts.js';

/** A name the runtime's time-zone database knows (aliases like Asia/Calcutta included); offsets are not zones. */
export function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Today's date where the day starts first (UTC+14): a birth date later than that is in the future everywhere. */
function latestToday(now = Date.now()): string {
  return new Date(now + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** `field`: the field's name in the current language, read when a refusal is written. */
const optionalText = (field: () => string) =>
  z
    .string({ error: () => t.tooLong(field()) })
    .trim()
    .max(GENERAL_TEXT_MAX, { error: () => t.tooLong(field()) });

const dateOfBirth = z
  .string({ error: () => t.dateOfBirthInvalid })
  .trim()
  .refine(
    (v) =>
      v === '' ||
      (/^\d{4}-\d{2}-\d{2}$/.test(v) &&
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
        new Date(`${v}T00:00:00Z`).toISOString().startsWith(v)),
    { error: () => t.dateOfBirthInvalid },
  )
  .refine((v) => v === '' || v >= '1900-01-01', { error: () => t.dateOfBirthTooOld })
  .refine((v) => v === '' || v <= latestToday(), { error: () => t.dateOfBirthFuture });

const website = z
  .string({ error: () => t.websiteInvalid })
  .trim()
  .max(WEBSITE_MAX, { error: () => t.websiteTooLong })
  .refine(
    (v) => {
      if (v === '') return true;
      try {
        const url = new URL(v);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
      } catch {
        return false;
      }
    },
    { error: () => t.websiteInvalid },
  );

const phone = z
  .string({ error: () => t.phoneInvalid })
  .trim()
  .refine((v) => v === '' || /^[0-9+()\s-]{7,20}$/.test(v), { error: () => t.phoneInvalid });

/** The fields a member edits on the General tab (every one may be empty except timezone, language, theme and data saver). */
export const generalSettingsFields = z.object({
  phone,
  dateOfBirth,
  gender: z.union([z.enum(GENDERS), z.literal('')], { error: () => t.genderInvalid }),
  website,
  city: optionalText(() => t.fieldCity),
  country: optionalText(() => t.fieldCountry),
  timezone: z
    .string({ error: () => t.timezoneInvalid })
    .trim()
    .refine(isIanaTimeZone, { error: () => t.timezoneInvalid }),
  language: z.enum(LANGUAGES, { error: () => t.languageInvalid }),
  /** Light, dark, or the device's choice (decision 043); optional in an update. */
  theme: z.enum(THEMES, { error: () => t.themeInvalid }),
  /** Data saver: automatic, on or off (decision 044); optional in an update. */
  dataSaver: z.enum(DATA_SAVER_CHOICES, { error: () => t.dataSaverInvalid }),
  work: optionalText(() => t.fieldWork),
  education: optionalText(() => t.fieldEducation),
});
export type GeneralSettingsFields = z.infer<typeof generalSettingsFields>;

export const defaultGeneralSettings: GeneralSettingsFields = {
  phone: '',
  dateOfBirth: '',
  gender: '',
  website: '',
  city: '',
  country: '',
  timezone: 'UTC',
  language: 'en',
  theme: 'system',
  dataSaver: 'auto',
  work: '',
  education: '',
};

const generalExample = {
  username: 'adaeze.okafor',
  user_email: 'adaeze@example.com',
  phone: '+234 803 555 0101',
  dateOfBirth: '1995-04-23',
  gender: 'female' as const,
  website: 'https://adaeze.ng',
  city: 'Lagos',
  country: 'Nigeria',
  timezone: 'Africa/Lagos',
  language: 'en' as const,
  theme: 'dark' as const,
  dataSaver: 'auto' as const,
  work: 'Paystack',
  education: 'University of Lagos',
};

/** GET/PUT /api/settings/profile answer: the general settings with the read-only account fields. */
export const generalSettingsSchema = generalSettingsFields
  .extend({ username: z.string(), user_email: z.string() })
  .meta({ example: generalExample });
export type GeneralSettings = z.infer<typeof generalSettingsSchema>;

/** PUT /api/settings/profile body: any of the fields; `username` and `user_email` are accepted and ignored. */
export const generalSettingsUpdate = generalSettingsFields
  .partial()
  .extend({ username: z.unknown().optional(), user_email: z.unknown().optional() })
  .meta({ example: generalExample });

export const privacySettingsSchema = z
  .object({
    profileVisibility: z.enum(PROFILE_VISIBILITIES, { error: () => t.choiceInvalid('profileVisibility', PROFILE_VISIBILITIES) }),
    friendRequestPolicy: z.enum(FRIEND_REQUEST_POLICIES, { error: () => t.choiceInvalid('friendRequestPolicy', FRIEND_REQUEST_POLICIES) }),
    lookupEmail: z.enum(LOOKUP_AUDIENCES, { error: () => t.choiceInvalid('lookupEmail', LOOKUP_AUDIENCES) }),
    lookupPhone: z.enum(LOOKUP_AUDIENCES, { error: () => t.choiceInvalid('lookupPhone', LOOKUP_AUDIENCES) }),
    showOnline: z.boolean({ error: () => t.switchInvalid('showOnline') }),
    tagReview: z.boolean({ error: () => t.switchInvalid('tagReview') }),
    /** Who may start a conversation with the member (decision 039); optional in an update. */
    messagePolicy: z.enum(MESSAGE_POLICIES, { error: () => t.choiceInvalid('messagePolicy', MESSAGE_POLICIES) }),
  })
  .meta({
    example: {
      profileVisibility: 'friends',
      friendRequestPolicy: 'everyone',
      lookupEmail: 'friends',
      lookupPhone: 'only_me',
      showOnline: true,
      tagReview: false,
      messagePolicy: 'everyone',
    },
  });
export type PrivacySettings = z.infer<typeof privacySettingsSchema>;
export const privacySettingsUpdate = privacySettingsSchema.partial().meta({ example: { profileVisibility: 'friends', tagReview: true } });

/**
 * The defaults (everyone, everyone, everyone, everyone, true, false), except that finding a
 * member by their e-mail address is for friends until they choose otherwise (decision 032).
 */
export const defaultPrivacySettings: PrivacySettings = {
  profileVisibility: 'everyone',
  friendRequestPolicy: 'everyone',
  lookupEmail: 'friends',
  lookupPhone: 'everyone',
  showOnline: true,
  tagReview: false,
  messagePolicy: 'everyone',
};

export const notificationSettingsSchema = z
  .object(
    Object.fromEntries(NOTIFICATION_SWITCHES.map((name) => [name, z.boolean({ error: () => t.switchInvalid(name) })])) as Record<
      (typeof NOTIFICATION_SWITCHES)[number],
      z.ZodBoolean
    >,
  )
  .meta({
    example: {
      inappLikes: true,
      inappComments: true,
      inappMentions: true,
      inappFriendRequests: false,
      inappGroupActivity: true,
      inappPayments: true,
      inappMessages: true,
      emailDigest: true,
      emailSecurity: true,
    },
  });
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;
export const notificationSettingsUpdate = notificationSettingsSchema.partial().meta({ example: { inappLikes: false, emailDigest: true } });

/** All on except the daily digest (an e-mail a member asks for). */
export const defaultNotificationSettings: NotificationSettings = {
  inappLikes: true,
  inappComments: true,
  inappMentions: true,
  inappFriendRequests: true,
  inappGroupActivity: true,
  inappPayments: true,
  inappMessages: true,
  emailDigest: false,
  emailSecurity: true,
};

/**
 * POST /api/settings/unsubscribe: the digest's signed link, used without signing in. The token may
 * come in the query string (`?token=`, as a mail client's RFC 8058 one-click POST sends it, with the
 * form body `List-Unsubscribe=One-Click`) or in the body, JSON or form-encoded.
 */
export const unsubscribeBody = z
  .object({ token: z.string({ error: () => t.unsubscribeInvalid }).optional() }, { error: () => t.unsubscribeInvalid })
  .meta({ example: { token: '1024.q2VXm0c3kN8lqQ9wZ1fY4tR7uJ2hB6sD5aE3gC0iK8o' } });
export const unsubscribeQuery = z.object({ token: z.string().optional().describe('The token of the digest’s unsubscribe link') });
export const unsubscribeAnswer = z.object({ message: z.string() }).meta({ example: { message: t.unsubscribed } });
