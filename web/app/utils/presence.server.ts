/**
 * Who of these members is online, as the caller may see it (GET /api/presence, notifications
 * service). Presence decorates a page and never holds it up: any failure answers "nobody", so
 * the page shows without dots rather than with an error.
 */
import { PRESENCE_MAX_IDS, presenceListSchema } from '@kora/contracts';
import { apiFetch } from './api.server';

export async function fetchOnline(request: Request, token: string | null, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)].slice(0, PRESENCE_MAX_IDS);
  if (unique.length === 0) return [];
  try {
    const answer = await apiFetch(request, `/api/presence?ids=${unique.join(',')}`, {
      schema: presenceListSchema,
      token,
      timeoutMs: 1_500,
    });
    return answer.filter((p) => p.online).map((p) => p.userId);
  } catch {
    return [];
  }
}
