/** Settings' words for leaving and moving (decision 034): deleting the account, changing the e-mail address. */
import { localizedTexts } from '../i18n/localized-texts.js';

export const leavingTexts = localizedTexts('leaving', {
  deleteTitle: 'Delete account',
  deleteIntro:
    'You are signed out everywhere and your account is scheduled for deletion. Sign in again before the date we e-mail you and nothing is lost; after it, your posts, photos, videos, friends and groups are erased for good.',
  deleteFailed: 'Failed to delete your account',
  confirmBalance: 'I understand that the money in my wallet is lost when my account is deleted',
  deleting: 'Deleting…',
  deleteAccount: 'Delete my account',
  changeEmailTitle: 'Change e-mail',
  changeEmailIntro: 'We send a confirmation link to the new address; your e-mail changes when you open it.',
  changeEmailFailed: 'Failed to change your e-mail',
  newEmail: 'New e-mail',
  sending: 'Sending…',
});
