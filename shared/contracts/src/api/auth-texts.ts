/**
 * The accounts API's texts and how members are named and shown: plain values and functions, no
 * schema library, so the browser can import them without carrying zod (the schemas beside them re-
 * export everything here).
 */
export const authTexts = {
  fillAllFields: 'Please fill in all fields',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 6 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  emailInUse: 'Email is already in use',
  usernameTaken: 'That username is already taken',
  usernameInvalid: 'Username must be 3 to 30 characters: letters, numbers, dot, underscore or dash',
  emailInvalid: 'Please enter a valid email address',
  nameInvalid: 'Names must be at most 50 characters',
  signUpDone: 'Your account has been created. Check your e-mail for the activation link.',
  signUpsClosed: 'New sign-ups are closed at the moment',
  invalidCredentials: 'Invalid email or password',
  notActivated: 'Your account is not activated yet. Check your e-mail for the activation link.',
  suspended: 'Your account has been suspended. Contact support if you think this is a mistake.',
  activationMissing: 'The activation link is missing its token',
  activationInvalid: 'This activation link is not valid',
  activationExpired: 'This activation link has expired. Request a new one.',
  activationUsed: 'This activation link has already been used. You can login now.',
  activated: 'Your account has been activated successfully, You can login now',
  activationResent: 'If that address has an account waiting for activation, we sent a new link.',
  enterEmail: 'Please enter your email',
  enterEmailFirst: 'Please enter your email first',
  otpFormat: 'OTP must be a 4-digit number',
  otpInvalid: 'Invalid or expired OTP',
  otpLocked: 'Too many wrong codes. Request a new code.',
  resendCooldown: (seconds: number) => `Please wait ${seconds}s before requesting another code`,
  fillBothPasswords: 'Please fill in both password fields',
  refreshInvalid: 'Your session has ended. Please sign in again.',
  currentPasswordWrong: 'Your current password is not correct',
  newPasswordTooShort: 'New password must be at least 8 characters',
  passwordChanged: 'Your password has been changed',
  userNotFound: 'User not found',
  sessionNotFound: 'Session not found',
  imageRequired: 'Please choose an image first',
  // Leaving (decision 034).
  passwordRequired: 'Please enter your password',
  deletionScheduled: (days: number) => `Your account will be deleted in ${days} days. Sign in again before then to keep it.`,
  deletionCancelled: 'Welcome back! Your account is no longer scheduled for deletion.',
  balanceNotEmpty: (naira: string) =>
    `Your wallet still holds ${naira}. Deleting your account gives it up: confirm that you understand to go on.`,
  deletionPending: 'Your account is already scheduled for deletion.',
  emailUnchanged: 'That is already your e-mail address',
  emailChangeSent: (email: string) => `We sent a confirmation link to ${email}. Your e-mail changes when you open it.`,
  emailChanged: 'Your e-mail address has been changed. Use the new one to sign in.',
  emailChangeCancelled: 'The e-mail change was cancelled. If you did not ask for it, reset your password now.',
  emailChangeInvalid: 'This e-mail change link is not valid',
  emailChangeExpired: 'This e-mail change link has expired. Ask for the change again in Settings.',
  emailChangeUsed: 'This e-mail change link has already been used',
} as const;
/** How a member is named to others: "Ada Obi"; the username when both names are blank. */
export function displayName(member: { firstname: string; lastname: string; username: string }): string {
  return `${member.firstname.trim()} ${member.lastname.trim()}`.trim() || member.username;
}

/** Where a member without a picture points. */
export const DEFAULT_AVATAR = '/uploads/profile/defaultavatar.png';

/**
 * How a member shows in another service before auth's snapshot of them has arrived there (the
 * projections lag a sign-up by an event): one look everywhere, so a list never mixes two.
 */
export function unknownMember(userId: number): { username: string; name: string; profileImage: string } {
  // No names are known yet, so the name is the username, as displayName() shows a member without names.
  return { username: `member${userId}`, name: `member${userId}`, profileImage: DEFAULT_AVATAR };
}
