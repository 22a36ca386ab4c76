/**
 * The accounts API (auth service): request and response schemas and the product's texts. The
 * auth service validates with these, the web app reuses them for its forms, and the gateway docs
 * are generated from them. Texts in quotes in the spec are used verbatim.
 */
import { z } from 'zod';
import { authTexts } from './auth-texts.js';

export * from './auth-texts.js';

const required = (schema: z.ZodString) => schema.trim().min(1, authTexts.fillAllFields);

export const usernameSchema = z
  .string({ error: authTexts.fillAllFields })
  .trim()
  .min(1, authTexts.fillAllFields)
  .regex(/^[A-Za-z0-9._-]{3,30}$/, authTexts.usernameInvalid);
export const emailSchema = z
  .string({ error: authTexts.fillAllFields })
  .trim()
  .min(1, authTexts.fillAllFields)
  .max(254, authTexts.emailInvalid)
  .email(authTexts.emailInvalid)
  .transform((e) => e.toLowerCase());
const personName = z.string({ error: authTexts.fillAllFields }).trim().min(1, authTexts.fillAllFields).max(50, authTexts.nameInvalid);
/** Registration and recovery: at least 6 characters (spec). */
export const passwordSchema = z
  .string({ error: authTexts.fillAllFields })
  .min(1, authTexts.fillAllFields)
  .min(6, authTexts.passwordTooShort)
  .max(128, authTexts.passwordTooLong);
const otpSchema = z.string({ error: authTexts.otpFormat }).regex(/^\d{4}$/, authTexts.otpFormat);

export const signUpBody = z.object({
  firstname: personName,
  lastname: personName,
  username: usernameSchema,
  email: emailSchema,
  password: passwordSchema,
});
export type SignUpBody = z.infer<typeof signUpBody>;

export const signInBody = z.object({
  /** An e-mail address or a username. */
  email: z.string({ error: authTexts.fillAllFields }).trim().min(1, authTexts.fillAllFields).max(254),
  password: z.string({ error: authTexts.fillAllFields }).min(1, authTexts.fillAllFields).max(128),
});

export const activateBody = z.object({ token: z.string({ error: authTexts.activationMissing }).trim().min(1, authTexts.activationMissing).max(200) });
export const emailOnlyBody = z.object({
  email: z.string({ error: authTexts.enterEmail }).trim().min(1, authTexts.enterEmail).max(254).email(authTexts.emailInvalid).transform((e) => e.toLowerCase()),
});
export const checkOtpBody = emailOnlyBody.extend({ otp: otpSchema });
export const resetPasswordBody = checkOtpBody.extend({
  password: z.string({ error: authTexts.fillBothPasswords }).min(1, authTexts.fillBothPasswords).min(6, authTexts.passwordTooShort).max(128, authTexts.passwordTooLong),
});
export const refreshBody = z.object({ refreshToken: z.string().min(1, authTexts.refreshInvalid).max(500) });
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, authTexts.currentPasswordWrong).max(128),
  newPassword: z.string().min(8, authTexts.newPasswordTooShort).max(128, authTexts.passwordTooLong),
});
export const updateProfileBody = z
  .object({
    firstname: personName,
    lastname: personName,
    bio: z.string().trim().max(500, 'Bio must be at most 500 characters'),
  })
  .partial();

/** The spec's sign-in user record (lastname filled from the last name, deliberately). */
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

export const tokensSchema = z.object({
  /** Short-lived access token (JWT). */
  token: z.string(),
  /** Opaque, rotating; send it to /api/auth/refresh for a new pair. */
  refreshToken: z.string(),
  /** Seconds until `token` expires. */
  expiresIn: z.number().int(),
});
export const signInAnswer = tokensSchema.extend({ user: signInUserSchema });

export const statusAnswer = z.object({ status: z.boolean(), message: z.string().optional() });
export const messageAnswer = z.object({ message: z.string() });

/** Profile (spec: user_id, username, profileImage, coverImage, bio; plus names and join date). */
export const profileSchema = z.object({
  user_id: z.number().int(),
  /** The encoded id used in shareable profile links. */
  profileId: z.string(),
  username: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  profileImage: z.string(),
  coverImage: z.string().nullable(),
  bio: z.string(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const userSearchItemSchema = z
  .object({
    id: z.number().int(),
    user_id: z.number().int(),
    user_name: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    profileImage: z.string(),
  })
  .meta({ example: { id: 9, user_id: 9, user_name: 'bola', firstname: 'Bola', lastname: 'Adeyemi', profileImage: '/uploads/profile/defaultavatar.png' } });

export const sessionSchema = z.object({
  id: z.string(),
  userAgent: z.string(),
  ip: z.string(),
  createdAt: z.string(),
  lastSeen: z.string(),
  current: z.boolean(),
});

export const avatarAnswer = z.object({ avatarUrl: z.string() });

