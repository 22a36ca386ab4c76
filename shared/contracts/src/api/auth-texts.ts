/**
 * The accounts API's texts and how members are named and shown: plain values and functions, no
 * schema library, so the browser can import them without carrying zod (the schemas beside them re-
 * export everything here).
 */
import { localizedTexts, template, plural } from '../i18n/localized-texts.js';
export const authTexts = localizedTexts('auth', {
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
  resendCooldown: template('Please wait {{seconds}}s before requesting another code', (seconds: number) => ({ seconds })),
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
  deletionScheduled: template('Your account will be deleted in {{days}} days. Sign in again before then to keep it.', (days: number) => ({
    days,
  })),
  deletionCancelled: 'Welcome back! Your account is no longer scheduled for deletion.',
  balanceNotEmpty: template(
    'Your wallet still holds {{naira}}. Deleting your account gives it up: confirm that you understand to go on.',
    (naira: string) => ({ naira }),
  ),
  deletionPending: 'Your account is already scheduled for deletion.',
  emailUnchanged: 'That is already your e-mail address',
  emailChangeSent: template('We sent a confirmation link to {{email}}. Your e-mail changes when you open it.', (email: string) => ({
    email,
  })),
  emailChanged: 'Your e-mail address has been changed. Use the new one to sign in.',
  emailChangeCancelled: 'The e-mail change was cancelled. If you did not ask for it, reset your password now.',
  emailChangeInvalid: 'This e-mail change link is not valid',
  emailChangeExpired: 'This e-mail change link has expired. Ask for the change again in Settings.',
  emailChangeUsed: 'This e-mail change link has already been used',
  // Sign-in backoff and lock (decision 033): the same words whether or not the account exists.
  signInWait: template('Too many failed sign-in attempts. Please wait {{seconds}}s and try again.', (seconds: number) => ({ seconds })),
  signInLocked: "Too many failed sign-in attempts. Sign-in is locked: use the link we sent to the account's e-mail address to unlock it.",
  unlockInvalid: 'This unlock link is not valid or has already been used',
  unlocked: 'Your account is unlocked. You can login now.',
  // Two-step sign-in (decision 033).
  twoStepCodeFormat: 'Enter the 6-digit code from your authenticator app',
  twoStepRecoveryFormat: 'Enter one of your recovery codes',
  twoStepCodeWrong: 'That code is not correct. Please try again.',
  twoStepChallengeInvalid: 'Your sign-in has expired. Please sign in again.',
  twoStepAlreadyOn: 'Two-step sign-in is already on',
  twoStepNotOn: 'Two-step sign-in is not on',
  twoStepNoSetup: 'Start the set-up again: no set-up is waiting',
  twoStepOn: 'Two-step sign-in is on',
  twoStepOff: 'Two-step sign-in is off',
  twoStepRequiredForAdmins: 'This site requires admins to use two-step sign-in. Turn it on in Settings → Security to open the back office.',
});
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

/** The screens of two-step sign-in and the sign-in lock (decision 033): the login's code step, Settings → Security's card. */
export const twoStepTexts = localizedTexts('twoStep', {
  codeStepTitle: 'Two-step sign-in',
  codePrompt: 'Enter the 6-digit code from your authenticator app',
  recoveryPrompt: 'Enter one of your recovery codes',
  codeLabel: 'Code',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code',
  useApp: 'Use your authenticator app instead',
  verify: 'Verify',
  startOver: 'Sign in with a different account',
  unlockTitle: 'Unlock sign-in',
  unlockPrompt: 'Sign-in to your account was locked after too many failed attempts. Unlock it, then sign in.',
  unlockButton: 'Unlock my account',
  cardTitle: 'Two-step sign-in',
  cardOff: 'Protect your account with a code from an authenticator app each time you sign in.',
  cardOn: 'On: signing in asks for a code from your authenticator app.',
  setUp: 'Set up two-step sign-in',
  scanQr: 'Scan this QR code with your authenticator app, or type the key below into it. Then enter the code it shows.',
  secretLabel: 'Key',
  confirm: 'Turn on',
  recoveryTitle: 'Your recovery codes',
  recoveryHelp: 'Each code signs you in once if you lose your phone. Save them somewhere safe now: they are shown only this once.',
  recoveryLeft: plural({ one: '{{count}} recovery code left.', other: '{{count}} recovery codes left.' }, (count: number) => ({ count })),
  turnOff: 'Turn off two-step sign-in',
  turnOffHelp: 'To turn it off, enter your password and a code from your app (or a recovery code).',
  passwordLabel: 'Password',
  codeOrRecoveryLabel: 'Code or recovery code',
  fetchFailed: 'Failed to fetch two-step sign-in',
  requiredForAdmins: 'This site requires admins to use two-step sign-in. Set it up below to open the back office.',
  done: 'Done',
  qrAlt: 'QR code for your authenticator app',
});
