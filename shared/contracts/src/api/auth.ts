/**
 * The accounts API (auth service): request and response schemas and the product's texts. The
 * auth service validates with these, the web app reuses them for its forms, and the gateway docs
 * are generated from them. The product's quoted texts (docs/product/accounts.md) are used verbatim.
 */
import { z } from 'zod';
import { authTexts } from './auth-texts.js';

export * from './auth-texts.js';

export const usernameSchema = z
  .string({ error: () => authTexts.fillAllFields })
  .trim()
  .min(1, { error: () => authTexts.fillAllFields })
  .regex(/^[A-Za-z0-9._-]{3,30}$/, { error: () => authTexts.usernameInvalid });
export const emailSchema = z
  .string({ error: () => authTexts.fillAllFields })
  .trim()
  .min(1, { error: () => authTexts.fillAllFields })
  .max(254, { error: () => authTexts.emailInvalid })
  .email({ error: () => authTexts.emailInvalid })
  .transform((e) => e.toLowerCase());
const personName = z
  .string({ error: () => authTexts.fillAllFields })
  .trim()
  .min(1, { error: () => authTexts.fillAllFields })
  .max(50, { error: () => authTexts.nameInvalid });
/** Registration and recovery: at least 6 characters. */
export const passwordSchema = z
  .string({ error: () => authTexts.fillAllFields })
  .min(1, { error: () => authTexts.fillAllFields })
  .min(6, { error: () => authTexts.passwordTooShort })
  .max(128, { error: () => authTexts.passwordTooLong });
const otpSchema = z.string({ error: () => authTexts.otpFormat }).regex(/^\d{4}$/, { error: () => authTexts.otpFormat });

export const signUpBody = z
  .object({
    firstname: personName,
    lastname: personName,
    username: usernameSchema,
    email: emailSchema,
    password: passwordSchema,
  })
  .meta({
    example: {
      firstname: 'Adaeze',
      lastname: 'Okafor',
      username: 'adaeze.okafor',
      email: 'adaeze.okafor@example.ng',
      password: 'Jollof-2026',
    },
  });
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z
  .object({
    /** An e-mail address or a username. */
    email: z
      .string({ error: () => authTexts.fillAllFields })
      .trim()
      .min(1, { error: () => authTexts.fillAllFields })
      .max(254),
    password: z
      .string({ error: () => authTexts.fillAllFields })
      .min(1, { error: () => authTexts.fillAllFields })
      .max(128),
  })
  .meta({ example: { email: 'adaeze.okafor@example.ng', password: 'Jollof-2026' } });

export const activateBody = z
  .object({
    token: z
      .string({ error: () => authTexts.activationMissing })
      .trim()
      .min(1, { error: () => authTexts.activationMissing })
      .max(200),
  })
  .meta({ example: { token: 'b6f1c9e2a47d4e0f9c3a8d5e7b2f4a61' } });
const emailOnlyFields = z.object({
  email: z
    .string({ error: () => authTexts.enterEmail })
    .trim()
    .min(1, { error: () => authTexts.enterEmail })
    .max(254)
    .email({ error: () => authTexts.emailInvalid })
    .transform((e) => e.toLowerCase()),
});
export const emailOnlyBody = emailOnlyFields.meta({ example: { email: 'adaeze.okafor@example.ng' } });
// Built on the fields, not on emailOnlyBody: a schema's example is its own, and `.extend` would not carry it anyway.
const checkOtpFields = emailOnlyFields.extend({ otp: otpSchema });
export const checkOtpBody = checkOtpFields.meta({ example: { email: 'adaeze.okafor@example.ng', otp: '4821' } });
export const resetPasswordBody = checkOtpFields
  .extend({
    password: z
      .string({ error: () => authTexts.fillBothPasswords })
      .min(1, { error: () => authTexts.fillBothPasswords })
      .min(6, { error: () => authTexts.passwordTooShort })
      .max(128, { error: () => authTexts.passwordTooLong }),
  })
  .meta({ example: { email: 'adaeze.okafor@example.ng', otp: '4821', password: 'Egusi-Soup-9' } });
export const refreshBody = z
  .object({
    refreshToken: z
      .string()
      .min(1, { error: () => authTexts.refreshInvalid })
      .max(500),
  })
  .meta({ example: { refreshToken: 'rt_3f9a1c7e5b2d4f60a8c9e1b7d3f5a2c4' } });
export const changePasswordBody = z
  .object({
    currentPassword: z
      .string()
      .min(1, { error: () => authTexts.currentPasswordWrong })
      .max(128),
    newPassword: z
      .string()
      .min(8, { error: () => authTexts.newPasswordTooShort })
      .max(128, { error: () => authTexts.passwordTooLong }),
  })
  .meta({ example: { currentPassword: 'Jollof-2026', newPassword: 'Suya-By-Night-7' } });
export const updateProfileBody = z
  .object({
    firstname: personName,
    lastname: personName,
    bio: z.string().trim().max(500, 'Bio must be at most 500 characters'),
  })
  .partial()
  .meta({ example: { firstname: 'Adaeze', lastname: 'Okafor', bio: 'Software engineer in Yaba. Amala on Fridays.' } });

/** The product's sign-in user record (lastname filled from the last name, deliberately: decision 007). */
export const signInUserSchema = z.object({
  user_id: z.number().int(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  user_name: z.string(),
  user_email: z.string(),
  user_profileImage: z.string(),
  user_coverImage: z.string().nullable(),
  user_wallet_balance: z.number(),
  role: z.enum(['user', 'admin']),
});
export type SignInUser = z.infer<typeof signInUserSchema>;
/** Its wallet balance is in naira. */
const signInUserExample: SignInUser = {
  user_id: 7,
  user_firstname: 'Adaeze',
  user_lastname: 'Okafor',
  user_name: 'adaeze.okafor',
  user_email: 'adaeze.okafor@example.ng',
  user_profileImage: '/uploads/profile/defaultavatar.png',
  user_coverImage: null,
  user_wallet_balance: 12500,
  role: 'user',
};

const tokensFields = z.object({
  /** Short-lived access token (JWT). */
  token: z.string(),
  /** Opaque, rotating; send it to /api/auth/refresh for a new pair. */
  refreshToken: z.string(),
  /** Seconds until `token` expires. */
  expiresIn: z.number().int(),
});
const tokensExample = {
  token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiI3In0.c2lnbmF0dXJl',
  refreshToken: 'rt_3f9a1c7e5b2d4f60a8c9e1b7d3f5a2c4',
  expiresIn: 900,
};
export const tokensSchema = tokensFields.meta({ example: tokensExample });
export const signInAnswer = tokensFields
  .extend({
    user: signInUserSchema,
    /** True when this sign-in cancelled the account's scheduled deletion (decision 034). */
    deletionCancelled: z.boolean().optional(),
  })
  .meta({ example: { ...tokensExample, user: signInUserExample } });

export const statusAnswer = z.object({ status: z.boolean(), message: z.string().optional() }).meta({ example: { status: true } });
export const messageAnswer = z.object({ message: z.string() }).meta({ example: { message: authTexts.passwordChanged } });

/**
 * The "details" a member fills in on Settings > General and shows on their full profile (phone and
 * date of birth never leave the settings service's owner-only answers and auth's lookups). Empty
 * strings are fields left blank.
 */
export const profileDetailsSchema = z.object({
  city: z.string(),
  country: z.string(),
  work: z.string(),
  education: z.string(),
  website: z.string(),
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;

const cardExample = {
  user_id: 7,
  profileId: 'xK9vB2',
  username: 'adaeze.okafor',
  firstname: 'Adaeze',
  lastname: 'Okafor',
  name: 'Adaeze Okafor',
  profileImage: '/uploads/profile/defaultavatar.png',
};

const profileExample = {
  visibility: 'full' as const,
  ...cardExample,
  coverImage: null,
  bio: 'Software engineer in Yaba. Amala on Fridays.',
  createdAt: '2026-03-14T09:30:00.000Z',
  details: { city: 'Lagos', country: 'Nigeria', work: 'Paystack', education: 'University of Lagos', website: 'https://adaeze.ng' },
};

/** Profile: the product's user_id, username, profileImage, coverImage, bio; plus names, join date and details. */
export const profileSchema = z
  .object({
    /** `full`: everything below; a `limited` answer is the card only (see `limitedProfileSchema`). */
    visibility: z.literal('full'),
    user_id: z.number().int(),
    /** The encoded id used in shareable profile links. */
    profileId: z.string(),
    username: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    /** The display name (`displayName`: first and last name, else the username). */
    name: z.string(),
    profileImage: z.string(),
    coverImage: z.string().nullable(),
    bio: z.string(),
    createdAt: z.string(),
    details: profileDetailsSchema,
  })
  .meta({ example: profileExample });
export type Profile = z.infer<typeof profileSchema>;

/**
 * Why a profile answered only its card: the owner shows it to `friends` (and the caller is not
 * one), to `only_me`, or the caller is not signed in (`sign_in`: anonymous callers only ever get
 * the card, whatever the owner chose).
 */
export const PROFILE_LIMITS = ['friends', 'only_me', 'sign_in'] as const;
export type ProfileLimit = (typeof PROFILE_LIMITS)[number];

/** The card a closed profile answers (privacy "profile visibility"): names and picture, nothing else. */
export const limitedProfileSchema = profileSchema
  .pick({ user_id: true, profileId: true, username: true, firstname: true, lastname: true, name: true, profileImage: true })
  .extend({ visibility: z.literal('limited'), limitedBy: z.enum(PROFILE_LIMITS) })
  .meta({ example: { visibility: 'limited', limitedBy: 'friends', ...cardExample } });
export type LimitedProfile = z.infer<typeof limitedProfileSchema>;

/** GET /api/users/{id}: the full profile, or the card when the profile is closed to the caller. */
export const profileViewSchema = z
  .discriminatedUnion('visibility', [profileSchema, limitedProfileSchema])
  .meta({ example: profileExample });
export type ProfileView = z.infer<typeof profileViewSchema>;

export const userSearchItemSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    user_name: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    /** The display name (`displayName`). */
    name: z.string(),
    profileImage: z.string(),
  })
  .meta({
    example: {
      id: 9,
      user_id: 9,
      user_name: 'bola',
      firstname: 'Bola',
      lastname: 'Adeyemi',
      name: 'Bola Adeyemi',
      profileImage: '/uploads/profile/defaultavatar.png',
    },
  });

export const sessionSchema = z
  .object({
    id: z.string(),
    userAgent: z.string(),
    ip: z.string(),
    createdAt: z.string(),
    lastSeen: z.string(),
    current: z.boolean(),
  })
  .meta({
    example: {
      id: 'b1d2c3e4-5f60-4a7b-8c9d-0e1f2a3b4c5d',
      userAgent: 'Mozilla/5.0 (Linux; Android 14; TECNO CK8n) Chrome/131.0 Mobile Safari/537.36',
      ip: '102.89.34.10',
      createdAt: '2026-11-20T08:15:00.000Z',
      lastSeen: '2026-11-26T18:00:00.000Z',
      current: true,
    },
  });

export const avatarAnswer = z
  .object({ avatarUrl: z.string() })
  .meta({ example: { avatarUrl: '/uploads/profile/5f0c2d9a4b7e4c1f8a3d6e2b9c0f1a7d.webp' } });

/** POST /api/signup (201): the new, not yet activated account. */
export const signUpAnswer = z
  .object({
    message: z.string(),
    user: z.object({ user_id: z.number().int(), user_name: z.string(), user_email: z.string() }),
  })
  .meta({
    example: { message: authTexts.signUpDone, user: { user_id: 7, user_name: 'adaeze.okafor', user_email: 'adaeze.okafor@example.ng' } },
  });

/** GET /api/auth/session: the caller the gateway verified (not `sessionSchema`, a row of the sessions list). */
export const callerSchema = z
  .object({
    userId: z.number().int(),
    role: z.enum(['user', 'admin']),
    sessionId: z.string(),
  })
  .meta({ example: { userId: 7, role: 'user', sessionId: 'b1d2c3e4-5f60-4a7b-8c9d-0e1f2a3b4c5d' } });

/** GET /api/dev/mail: one mail the dev outbox kept (local installs only). */
export const devMailSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    links: z.array(z.string()),
    createdAt: z.string(),
  })
  .meta({
    example: {
      id: 4,
      to: 'adaeze.okafor@example.ng',
      subject: 'Activate your Kora account',
      text: 'Hello Adaeze, open http://localhost:8080/activate/b6f1c9e2a47d4e0f9c3a8d5e7b2f4a61 to activate your account.',
      links: ['http://localhost:8080/activate/b6f1c9e2a47d4e0f9c3a8d5e7b2f4a61'],
      createdAt: '2026-11-26T17:55:00.000Z',
    },
  });
