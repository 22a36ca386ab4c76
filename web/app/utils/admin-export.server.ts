/**
 * The users export, passed through: GET /api/admin/users/export is called with the admin's token
 * (from the httpOnly cookie, so the browser never holds it) and its body is streamed back as it
 * arrives, with the file name docs/product/admin.md gives (users.csv / users.json). Nothing is
 * buffered here, whatever the number of accounts. A refusal comes back as the API's error body and
 * status.
 */
import { ErrorCode, errorBody, adminTexts, type ExportFormat } from '@kora/contracts';
import { forwardedHeaders } from './api.server';
import { getServerEnv } from './env.server';

const EXPORT_TIMEOUT_MS = 60_000;
const CONTENT_TYPES: Record<ExportFormat, string> = { csv: 'text/csv; charset=utf-8', json: 'application/json; charset=utf-8' };

export interface ExportQuery {
  search: string;
  sort: string;
  dir: string;
  format: ExportFormat;
}

export async function streamUsersExport(request: Request, token: string | null, query: ExportQuery, headers: Headers): Promise<Response> {
  const url = new URL('/api/admin/users/export', `${getServerEnv().GATEWAY_URL}/`);
  for (const key of ['search', 'sort', 'dir', 'format'] as const) if (query[key]) url.searchParams.set(key, query[key]);
  const outgoing = forwardedHeaders(request);
  if (token) outgoing.set('authorization', `Bearer ${token}`);

  let upstream: Response;
  try {
    upstream = await fetch(url, { headers: outgoing, signal: AbortSignal.timeout(EXPORT_TIMEOUT_MS) });
  } catch {
    return Response.json(errorBody(adminTexts.exportFailed, ErrorCode.BadGateway), { status: 502, headers });
  }
  if (!upstream.ok || !upstream.body) {
    const body: unknown = await upstream.json().catch(() => null);
    const answer = body && typeof body === 'object' && 'error' in body ? body : errorBody(adminTexts.exportFailed, ErrorCode.BadGateway);
    return Response.json(answer, { status: upstream.ok ? 502 : upstream.status, headers });
  }
  const out = new Headers(headers);
  out.set('content-type', CONTENT_TYPES[query.format]);
  out.set('content-disposition', `attachment; filename="users.${query.format}"`);
  out.set('cache-control', 'no-store');
  return new Response(upstream.body, { status: 200, headers: out });
}
