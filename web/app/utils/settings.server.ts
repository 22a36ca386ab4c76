/**
 * The Settings page's API, through the gateway: the General, Privacy and Notifications tabs
 * (settings service), the digest's unsubscribe link (settings service, no sign-in), and the
 * Security tab (auth: sessions, revoking one, the password change). Answers are checked against
 * the contract's schemas.
 */
import {
  generalSettingsSchema,
  notificationSettingsSchema,
  privacySettingsSchema,
  sessionSchema,
  unsubscribeAnswer,
  type GeneralSettingsFields,
  type NotificationSettings,
  type PrivacySettings,
} from '@kora/contracts';
import { z } from 'zod';
import type { PasswordChange } from '~/schemas/account';
import { apiFetch } from './api.server';

type Token = string | null;

export function fetchSessions(request: Request, token: Token) {
  return apiFetch(request, '/api/settings/security/sessions', { token, schema: z.array(sessionSchema) });
}

export function revokeSession(request: Request, id: string, token: Token) {
  return apiFetch(request, `/api/settings/security/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', token });
}

export function changePassword(request: Request, body: PasswordChange, token: Token) {
  return apiFetch(request, '/api/settings/security/password', { method: 'PUT', json: body, token });
}

/** `token` undefined: the request's own access cookie (the root loader's read of the theme). */
export function fetchGeneralSettings(request: Request, token: Token | undefined, timeoutMs?: number) {
  return apiFetch(request, '/api/settings/profile', { token, schema: generalSettingsSchema, timeoutMs });
}

export function saveGeneralSettings(request: Request, values: GeneralSettingsFields, token: Token) {
  return apiFetch(request, '/api/settings/profile', { method: 'PUT', json: values, token, schema: generalSettingsSchema });
}

export function fetchPrivacySettings(request: Request, token: Token) {
  return apiFetch(request, '/api/settings/privacy', { token, schema: privacySettingsSchema });
}

export function savePrivacySettings(request: Request, values: PrivacySettings, token: Token) {
  return apiFetch(request, '/api/settings/privacy', { method: 'PUT', json: values, token, schema: privacySettingsSchema });
}

export function fetchNotificationSettings(request: Request, token: Token) {
  return apiFetch(request, '/api/settings/notifications', { token, schema: notificationSettingsSchema });
}

export function saveNotificationSettings(request: Request, values: NotificationSettings, token: Token) {
  return apiFetch(request, '/api/settings/notifications', { method: 'PUT', json: values, token, schema: notificationSettingsSchema });
}

/** The digest's unsubscribe link: anyone holding it may use it, so no member token is sent. */
export function unsubscribeFromDigest(request: Request, token: string) {
  return apiFetch(request, '/api/settings/unsubscribe', { method: 'POST', json: { token }, token: null, schema: unsubscribeAnswer });
}
