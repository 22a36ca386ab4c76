/**
 * What the Security tab's action answers (docs/product/settings.md); its texts are the contracts'
 * `securityTexts`.
 */
import type { sessionSchema } from '@kora/contracts';
import type { z } from 'zod';

export type MemberSession = z.infer<typeof sessionSchema>;

export type SecurityActionData =
  | { intent: 'change-password'; ok: true }
  | { intent: 'change-password'; ok: false; error: string }
  | { intent: 'revoke'; ok: true }
  | { intent: 'revoke'; ok: false; error: string };
