/**
 * The web app's only way to reach the API. Every loader and action calls the gateway through
 * here so that the member's token, the request id and error handling are done the same way.
 */
import type { z } from 'zod';
import { ACCESS_TOKEN_COOKIE, readCookie } from './cookies.server';
import { getServerEnv } from './env.server';

const DEFAULT_TIMEOUT_MS = 10_000;

/** The gateway's error body `{ error, message, code }`, plus the HTTP status it came with. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Short error label from the body (e.g. "Not Found"). */
    readonly error: string = message,
  ) {
    super(message);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export interface ApiOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; use `body` instead for multipart uploads. */
  json?: unknown;
  body?: BodyInit;
  headers?: HeadersInit;
  /** Validates the answer; a mismatch is reported as a 502 from our side. */
  schema?: z.ZodType<T>;
  timeoutMs?: number;
}

function pickString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Non-JSON error pages (e.g. a proxy's 502) fall back to the status text below.
  }
  const message = pickString(body.message) ?? pickString(body.error) ?? 'Request failed';
  return new ApiError(
    response.status,
    pickString(body.code) ?? `HTTP_${response.status}`,
    message,
    pickString(body.error) ?? (response.statusText || message),
  );
}

/**
 * Calls `path` (e.g. `/api/users/1`) on the gateway on behalf of the member making `request`.
 * Throws ApiError on a non-2xx answer, an unreachable gateway (503) or an unexpected shape (502).
 */
export async function apiFetch<T = unknown>(
  request: Request,
  path: string,
  options: ApiOptions<T> = {},
): Promise<T> {
  const url = new URL(path, `${getServerEnv().GATEWAY_URL}/`);
  const headers = new Headers(options.headers);
  headers.set('accept', 'application/json');
  const token = readCookie(request, ACCESS_TOKEN_COOKIE);
  if (token) headers.set('authorization', `Bearer ${token}`);
  const requestId = request.headers.get('x-request-id');
  if (requestId) headers.set('x-request-id', requestId);

  let body = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }

  let response: Response;
  try {
    response = await fetch(url, {
      method: options.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
    });
  } catch (cause) {
    const error = new ApiError(503, 'GATEWAY_UNREACHABLE', 'Something went wrong', 'Service Unavailable');
    error.cause = cause;
    throw error;
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;

  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(502, 'BAD_GATEWAY_RESPONSE', 'Something went wrong', 'Bad Gateway');
  }
  if (!options.schema) return data as T;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(502, 'BAD_GATEWAY_RESPONSE', 'Something went wrong', 'Bad Gateway');
  }
  return parsed.data;
}
