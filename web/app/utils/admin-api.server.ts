/**
 * The back office's calls to the gateway's /api/admin routes, one function per call, each checking
 * the answer against the contracts' schema (a mismatch is a 502 from our side, never bad data on
 * screen). Every caller has passed requireAdmin first; the services check the role again.
 */
import {
  adminProfileSchema,
  adminStatsSchema,
  adminUserListSchema,
  adminUserSchema,
  sessionSchema,
  siteSettingsSchema,
  siteSettingsSectionAnswer,
  type AdminEditUserBody,
  type AdminUsersQuery,
  type SiteSettingsSection,
} from '@kora/contracts';
import { z } from 'zod';
import { apiFetch } from './api.server';

type Token = string | null;

export function fetchAdminStats(request: Request, token: Token) {
  return apiFetch(request, '/api/admin/stats', { token, schema: adminStatsSchema });
}

export function usersQueryString(query: Partial<AdminUsersQuery>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params.toString();
}

export function fetchAdminUsers(request: Request, token: Token, query: AdminUsersQuery) {
  return apiFetch(request, `/api/admin/users?${usersQueryString(query)}`, { token, schema: adminUserListSchema });
}

export function editAdminUser(request: Request, token: Token, id: number, body: AdminEditUserBody) {
  return apiFetch(request, `/api/admin/users/${id}`, { method: 'PUT', json: body, token, schema: adminUserSchema });
}

export function setAdminUserStatus(request: Request, token: Token, id: number, status: 'active' | 'suspended') {
  return apiFetch(request, `/api/admin/users/${id}/status`, { method: 'PUT', json: { status }, token, schema: adminUserSchema });
}

export function fetchSiteSettings(request: Request, token: Token) {
  return apiFetch(request, '/api/admin/settings', { token, schema: siteSettingsSchema });
}

export function saveSiteSettings(request: Request, token: Token, section: SiteSettingsSection, values: Record<string, unknown>) {
  return apiFetch(request, `/api/admin/settings/${section}`, { method: 'PUT', json: values, token, schema: siteSettingsSectionAnswer });
}

export function fetchAdminProfile(request: Request, token: Token) {
  return apiFetch(request, '/api/admin/profile/me', { token, schema: adminProfileSchema });
}

export function updateAdminProfile(request: Request, token: Token, body: Record<string, string>) {
  return apiFetch(request, '/api/admin/profile', { method: 'PUT', json: body, token });
}

export function changeAdminPassword(request: Request, token: Token, body: { oldPassword: string; newPassword: string }) {
  return apiFetch(request, '/api/admin/profile/password', { method: 'PUT', json: body, token });
}

export function uploadAdminAvatar(request: Request, token: Token, form: FormData) {
  return apiFetch(request, '/api/admin/profile/avatar', { method: 'PUT', body: form, token, timeoutMs: 60_000 });
}

/** GET api/admin/profile/sessions: an array (docs/product/admin.md), the member's session rows (auth's sessionSchema). */
const sessionList = z.array(sessionSchema);
export type AdminSessionRow = z.infer<typeof sessionSchema>;

export function fetchAdminSessions(request: Request, token: Token) {
  return apiFetch(request, '/api/admin/profile/sessions', { token, schema: sessionList });
}

export function revokeAdminSession(request: Request, token: Token, id: string) {
  return apiFetch(request, `/api/admin/profile/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', token });
}
