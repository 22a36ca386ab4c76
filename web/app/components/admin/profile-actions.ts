/**
 * The admin profile page's tabs and what its action answers (docs/product/admin.md, its texts).
 */
import { adminScreenTexts, adminTexts } from '@kora/contracts';

export const PROFILE_TABS = ['profile', 'avatar', 'password', 'sessions'] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];
/** A tab's name, read at render (in the page's language). */
export function profileTabLabel(tab: ProfileTab): string {
  return adminScreenTexts[tab];
}

export type ProfileIntent = 'profile' | 'avatar' | 'password' | 'revoke';
export type ProfileActionData = { intent: ProfileIntent; ok: true; message: string } | { intent: ProfileIntent; ok: false; error: string };

export const PROFILE_FETCHER = 'admin-profile';

/** The success toast and the failure fallback of each action (docs/product/admin.md), read when answered. */
export function profileTexts(intent: ProfileIntent): { done: string; failed: string } {
  switch (intent) {
    case 'profile':
      return { done: adminTexts.profileUpdated, failed: adminTexts.updateProfileFailed };
    case 'avatar':
      return { done: adminTexts.avatarUpdated, failed: adminTexts.uploadFailed };
    case 'password':
      return { done: adminTexts.passwordChanged, failed: adminTexts.changePasswordFailed };
    case 'revoke':
      return { done: adminTexts.sessionRevoked, failed: adminTexts.revokeSessionFailed };
  }
}

export const MIN_NEW_PASSWORD = 8;

/** Change password is offered only when the current password is typed and the new one is long enough. */
export function canChangePassword(oldPassword: string, newPassword: string): boolean {
  return oldPassword.length > 0 && newPassword.length >= MIN_NEW_PASSWORD;
}

export const PROFILE_FIELDS = ['username', 'email', 'firstname', 'lastname', 'bio', 'timezone'] as const;
