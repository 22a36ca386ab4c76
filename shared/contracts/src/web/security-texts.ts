/** Settings → Security's words: the password change and the sessions list (docs/product/settings.md). */
import { localizedTexts, template } from '../i18n/localized-texts.js';

export const securityTexts = localizedTexts('security', {
  fetchSessionsFailed: 'Failed to fetch sessions',
  revokeFailed: 'Failed to revoke session',
  changeFailed: 'Failed to change password',
  saved: 'Saved',
  savedDescription: 'Your settings were updated successfully.',
  saveFailed: 'Save failed',
  revoked: 'Session revoked',
  unknownAction: 'Unknown action',
  // Change password.
  changePassword: 'Change password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  newPasswordHint: 'At least 8 characters.',
  // Where you're signed in.
  sessionsTitle: "Where you're signed in",
  noSessions: 'No active sessions',
  sessionsCaption: 'Your sessions',
  device: 'Device',
  ip: 'IP',
  lastSeen: 'Last seen',
  actions: 'Actions',
  thisDevice: 'This device',
  revoke: 'Revoke',
  revokeLabel: template('Revoke {{device}}, last seen {{lastSeen}}', (device: string, lastSeen: string) => ({ device, lastSeen })),
  revokeThisLabel: template('Revoke {{device}} (this device), last seen {{lastSeen}}', (device: string, lastSeen: string) => ({
    device,
    lastSeen,
  })),
});
