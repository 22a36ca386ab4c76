/**
 * The Security tab's API (settings service, through the gateway): the member's sessions, revoking
 * one, and the password change. Answers are checked against the contract's schemas.
 */
import { sessionSchema } from '@kora/contracts';
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
