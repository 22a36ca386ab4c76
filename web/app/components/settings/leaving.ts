/**
 * What the Settings action answers for leaving and moving (decision 034): deleting the account
 * (Security tab) and changing the e-mail address (General tab).
 */
export type LeavingIntent = 'delete-account' | 'change-email';

export type LeavingActionData =
  | { intent: 'delete-account'; ok: false; error: string; confirmBalance?: boolean }
  | { intent: 'change-email'; ok: true; notice: string }
  | { intent: 'change-email'; ok: false; error: string };

export const leavingTexts = {
  deleteTitle: 'Delete account',
  deleteIntro:
    'You are signed out everywhere and your account is scheduled for deletion. Sign in again before the date we e-mail you and nothing is lost; after it, your posts, photos, videos, friends and groups are erased for good.',
  deleteFailed: 'Failed to delete your account',
  confirmBalance: 'I understand that the money in my wallet is lost when my account is deleted',
  changeEmailTitle: 'Change e-mail',
  changeEmailIntro: 'We send a confirmation link to the new address; your e-mail changes when you open it.',
  changeEmailFailed: 'Failed to change your e-mail',
} as const;

export const isLeavingIntent = (value: unknown): value is LeavingIntent => value === 'delete-account' || value === 'change-email';
