/**
 * The calls behind post moderation, reports, the audit log and representative applications (issue
 * 16), one function per call, each answer checked against the contracts' schema (a mismatch is a
 * 502 from our side, never bad data on screen). Admin calls come after requireAdmin; the services
 * check the role again.
 */
import {
  adminPostListSchema,
  adminPostSchema,
  adminReportListSchema,
  auditListSchema,
  closeReportAnswer,
  createReportAnswer,
  representativeCreatedSchema,
  representativeListSchema,
  representativeSchema,
  type CloseReportBody,
  type CreateReportBody,
  type PostVisibilityAction,
  type RepresentativeApplicationBody,
  type RepresentativeStatus,
} from '@kora/contracts';
import { apiFetch } from './api.server';

/** The token to send: `undefined` uses the request's cookie, `null` sends none. */
type Token = string | null | undefined;

/** `a=1&b=2` from the defined, non-empty values. */
export function queryString(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
}

export function fetchAdminPosts(request: Request, token: Token, query: { status: string; search: string; page: number; limit: number }) {
  return apiFetch(request, `/api/admin/posts?${queryString(query)}`, { token, schema: adminPostListSchema });
}

export function setPostVisibility(request: Request, token: Token, id: number, action: PostVisibilityAction) {
  return apiFetch(request, `/api/admin/posts/${id}/visibility`, { method: 'PUT', json: { action }, token, schema: adminPostSchema });
}

export function fetchOpenReports(request: Request, token: Token, query: { page: number; limit: number }) {
  return apiFetch(request, `/api/admin/reports?${queryString({ status: 'open', ...query })}`, { token, schema: adminReportListSchema });
}

export function closeReport(request: Request, token: Token, id: number, body: CloseReportBody) {
  return apiFetch(request, `/api/admin/reports/${id}`, { method: 'PUT', json: body, token, schema: closeReportAnswer });
}

export function sendReport(request: Request, token: Token, body: CreateReportBody) {
  return apiFetch(request, '/api/reports', { method: 'POST', json: body, token, schema: createReportAnswer });
}

export function fetchAudit(request: Request, token: Token, query: { page: number; limit: number; action?: string | undefined }) {
  return apiFetch(request, `/api/admin/audit?${queryString(query)}`, { token, schema: auditListSchema });
}

export function fetchRepresentatives(request: Request, token: Token, query: { status: string; page: number; limit: number }) {
  return apiFetch(request, `/api/admin/representatives?${queryString(query)}`, { token, schema: representativeListSchema });
}

export function reviewRepresentative(request: Request, token: Token, id: number, body: { status: RepresentativeStatus; note: string }) {
  return apiFetch(request, `/api/admin/representatives/${id}`, { method: 'PUT', json: body, token, schema: representativeSchema });
}

/** The public form: sent with the member's token when signed in (the application records who), else none. */
export function submitRepresentative(request: Request, token: Token, body: RepresentativeApplicationBody) {
  return apiFetch(request, '/api/representatives', { method: 'POST', json: body, token, schema: representativeCreatedSchema });
}
