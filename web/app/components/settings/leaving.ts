/**
 * What the Settings action answers for leaving and moving (decision 034): deleting the account
 * (Security tab) and changing the e-mail address (General tab). Their texts are the contracts' `leavingTexts`.
 */
export type LeavingIntent = 'delete-account' | 'change-email';

export type LeavingActionData =
  | { intent: 'delete-account'; ok: false; error: string; confirmBalance?: boolean }
  | { intent: 'change-email'; ok: true; notice: string }
  | { intent: 'change-email'; ok: false; error: string };

export const isLeavingIntent = (value: unknown): value is LeavingIntent => value === 'delete-account' || value === 'change-email';
