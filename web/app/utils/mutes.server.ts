/** The member's mutes through the gateway (settings service, decision 037); answers checked against `mutesSchema`. */
import { mutesSchema } from '@kora/contracts';
import { apiFetch } from './api.server';

type Token = string | null;

export function fetchMutes(request: Request, token: Token) {
  return apiFetch(request, '/api/settings/mutes', { token, schema: mutesSchema });
}

export function muteMember(request: Request, userId: number, token: Token) {
  return apiFetch(request, '/api/settings/mutes/members', { method: 'POST', json: { userId }, token, schema: mutesSchema });
}

export function unmuteMember(request: Request, userId: number, token: Token) {
  return apiFetch(request, `/api/settings/mutes/members/${userId}`, { method: 'DELETE', token, schema: mutesSchema });
}

export function muteWord(request: Request, word: string, token: Token) {
  return apiFetch(request, '/api/settings/mutes/words', { method: 'POST', json: { word }, token, schema: mutesSchema });
}

export function unmuteWord(request: Request, word: string, token: Token) {
  return apiFetch(request, `/api/settings/mutes/words/${encodeURIComponent(word)}`, { method: 'DELETE', token, schema: mutesSchema });
}
