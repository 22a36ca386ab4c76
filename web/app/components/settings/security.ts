/**
 * What the Security tab's action answers and the texts its route and cards share
 * (docs/product/settings.md).
 */
import type { sessionSchema } from '@kora/contracts';
import type { z } from 'zod';

export type MemberSession = z.infer<typeof sessionSchema>;

export type SecurityActionData =
  | { intent: 'change-password'; ok: true }
  | { intent: 'change-password'; ok: false; error: string }
  | { intent: 'revoke'; ok: true }
  | { intent: 'revoke'; ok: false; error: string };

export const securityTexts = {
  fetchSessionsFailed: 'Failed to fetch sessions',
  revokeFailed: 'Failed to revoke session',
  changeFailed: 'Failed to change password',
  saved: 'Saved',
  savedDescription: 'Your settings were updated successfully.',
  saveFailed: 'Save failed',
  revoked: 'Session revoked',
} as const;
