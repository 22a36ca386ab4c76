/**
 * The auth service's e-mails (sign-up, password reset, security notices, the sign-in lock, leaving
 * and moving): written in the member's language (decision 045), so read where each mail is built.
 * `{{site}}` is the site's name; links and codes are added by the templates.
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';

const site = (site: string) => ({ site });

export const authMailTexts = localizedTexts('authMail', {
  hello: template('Hello {{name}},', (name: string) => ({ name })),
  activationSubject: template('Activate your {{site}} account', site),
  activationWelcome: template('Welcome to {{site}}! Open this link to activate your account:', site),
  activationValidity: 'The link is valid for 24 hours. If you did not sign up, you can ignore this e-mail.',
  recoverySubject: template('Your {{site}} password reset code', site),
  recoveryCode: template('Your password reset code is: {{code}}', (code: string) => ({ code })),
  recoveryValidity:
    'It is valid for 10 minutes and works once. If you did not ask to reset your password, you can ignore this e-mail; your password has not changed.',
  notYou: 'If this was not you, change your password now and end the sessions you do not recognise in Settings > Security:',
  newSignInSubject: template('New sign-in to your {{site}} account', site),
  newSignInWhat: template('Your {{site}} account was just signed in to from a new device.', site),
  signInFacts: template('Device: {{device}}. Address: {{ip}}. Time: {{when}}.', (device: string, ip: string, when: string) => ({
    device,
    ip,
    when,
  })),
  unknownAddress: 'unknown',
  twoStepUsed: 'Two-step sign-in: used (password and code).',
  twoStepNotUsed: 'Two-step sign-in: not used (password only).',
  passwordChangedSubject: template('Your {{site}} password was changed', site),
  passwordChangedWhat: template(
    'The password of your {{site}} account was changed on {{when}}. Sessions signed in before the change were signed out.',
    (site: string, when: string) => ({ site, when }),
  ),
  passwordChangedAdvice:
    'If this was not you, reset your password now with "Forgot password" on the sign-in page, then check your sessions in Settings > Security:',
  lockedSubject: template('Sign-in to your {{site}} account is locked', site),
  lockedWhat: template(
    'There were too many failed attempts to sign in to your {{site}} account, so signing in is locked. Open this link to unlock it:',
    site,
  ),
  lockedAdvice:
    'If these attempts were not yours, someone may be guessing your password: after unlocking, consider changing it in Settings > Security, and turn on two-step sign-in there.',
  deletionScheduledSubject: template('Your {{site}} account will be deleted', site),
  deletionScheduledWhat: template(
    'You asked us to delete your {{site}} account. It will be erased on {{date}}, with your posts, photos, videos, friends and messages.',
    (site: string, date: string) => ({ site, date }),
  ),
  deletionScheduledUndo: 'Changed your mind? Sign in before then and your account stays as it is:',
  deletionCancelledSubject: template('Your {{site}} account will not be deleted', site),
  deletionCancelledWhat: template(
    'You signed in to your {{site}} account, so its deletion was cancelled: your account stays as it is.',
    site,
  ),
  deletionCancelledAdvice: 'If this was not you, change your password now in Settings > Security:',
  emailChangeConfirmSubject: template('Confirm your new {{site}} e-mail address', site),
  emailChangeConfirmWhat: template(
    'You asked to use this address for your {{site}} account. Open this link to confirm it (valid for 24 hours, once):',
    site,
  ),
  emailChangeNoticeSubject: template('Your {{site}} e-mail address is about to change', site),
  emailChangeNoticeWhat: template(
    "Someone asked to change your {{site}} account's e-mail address to {{email}}. It changes only when the link sent there is opened.",
    (site: string, email: string) => ({ site, email }),
  ),
  emailChangeNoticeAdvice:
    'If this was not you, open this link to cancel the change, then reset your password with "Forgot password" on the sign-in page:',
});
