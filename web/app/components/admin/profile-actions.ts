/**
 * The admin profile page's tabs and what its action answers (docs/product/admin.md, its texts).
 */
import { adminTexts } from '@kora/contracts';

export const PROFILE_TABS = ['profile', 'avatar', 'password', 'sessions'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
export const PROFILE_TAB_LABELS: Record<ProfileTab, string> = {
  profile: 'Profile',
  avatar: 'Avatar',
  password: 'Password',
  sessions: 'Sessions',
};

export type ProfileIntent = 'profile' | 'avatar' | 'password' | 'revoke';
export type ProfileActionData = { intent: ProfileIntent; ok: true; message: string } | { intent: ProfileIntent; ok: false; error: string };

export const PROFILE_FETCHER = 'admin-profile';

/** The success toast and the failure fallback of each action (docs/product/admin.md). */
export const PROFILE_TEXTS: Record<ProfileIntent, { done: string; failed: string }> = {
  profile: { done: adminTexts.profileUpdated, failed: adminTexts.updateProfileFailed },
  avatar: { done: adminTexts.avatarUpdated, failed: adminTexts.uploadFailed },
  password: { done: adminTexts.passwordChanged, failed: adminTexts.changePasswordFailed },
  revoke: { done: adminTexts.sessionRevoked, failed: adminTexts.revokeSessionFailed },
};

export const MIN_NEW_PASSWORD = 8;

/** Change password is offered only when the current password is typed and the new one is long enough. */
export function canChangePassword(oldPassword: string, newPassword: string): boolean {
  return oldPassword.length > 0 && newPassword.length >= MIN_NEW_PASSWORD;
}

export const PROFILE_FIELDS = ['username', 'email', 'firstname', 'lastname', 'bio', 'timezone'] as const;
