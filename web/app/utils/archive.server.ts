/** Settings → Your data (decision 035): the member's data archive, through the gateway (media service). */
import { archiveStatusSchema } from '@kora/contracts';
import { apiFetch } from './api.server';

type Token = string | null;

export function fetchArchiveStatus(request: Request, token: Token) {
  return apiFetch(request, '/api/media/archive', { token, schema: archiveStatusSchema });
}

export function requestArchive(request: Request, token: Token) {
  return apiFetch(request, '/api/media/archive', { method: 'POST', token, schema: archiveStatusSchema });
}
