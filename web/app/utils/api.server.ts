/**
 * The web app's only way to reach the API. Every loader and action calls the gateway through
 * here so that the member's token, the request id and error handling are done the same way.
 */
import { currentLanguage, ErrorCode, errorBody, fromEnglish, uiTexts, type ErrorBody } from '@kora/contracts';
import type { z } from 'zod';
import { ACCESS_TOKEN_COOKIE, readCookie } from './cookies.server';
import { getServerEnv } from './env.server';

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The gateway's error body `{ error, message, code }`, plus the HTTP status it came with. `message`
 * is the body's `error` text (what the product's clients show); branch on `code`, never on the
 * text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Every refused field's text, when the API answered them (decision 024's `fields`). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** The text to show for a failed call: the server's own message for a refusal, else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  return isClientError(error) ? error.message : fallback;
}

/**
 * The error body a resource route answers with after a failed call, in the API's own shape: the
 * refusal's text and code, else `fallback` with BAD_GATEWAY (the web server could not get an answer).
 */
export function errorAnswer(error: unknown, fallback: string): ErrorBody {
  return isClientError(error) ? errorBody(error.message, error.code) : errorBody(fallback, ErrorCode.BadGateway);
}

/** The HTTP status an action answers with after a failed call: the refusal's, else 502. */
export function errorStatus(error: unknown): number {
  return isClientError(error) ? error.status : 502;
}

/** A refusal by the API (4xx), as opposed to a failure (5xx, unreachable, unexpected answer). */
export function isClientError(value: unknown): value is ApiError {
  return value instanceof ApiError && value.status >= 400 && value.status < 500;
}

export interface ApiOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; use `body` instead for multipart uploads (a ReadableStream is streamed through). */
  json?: unknown;
  body?: BodyInit;
  headers?: HeadersInit;
  /** Validates the answer; a mismatch is reported as a 502 from our side. */
  schema?: z.ZodType<T>;
  timeoutMs?: number;
  /**
   * The access token to send as `Authorization: Bearer`. Omitted: the request's `kora_at` cookie.
   * `null`: no token (sign-in, sign-up, refresh). Actions that just refreshed pass the new token.
   */
  token?: string | null;
}

const TRACE_HEADERS = ['traceparent', 'tracestate'] as const;

/**
 * Headers describing the member's own request, passed on so the gateway and services see the
 * member rather than the web server: the request id and trace context (the page's trace, which the
 * gateway continues: decision 053), the client address chain (the gateway's per-address rate
 * limits), the browser's user agent (the session list shows devices), and the page's language as
 * Accept-Language (decision 045), so the refusals a page shows and the mails a call sends at once are
 * in the member's language.
 *
 * X-Forwarded-For: the gateway replaced whatever the browser claimed with the address it resolved
 * and sent that to this app; the app is one more trusted hop on the private side, so it passes the
 * chain on (appending to any chain already on the outgoing headers) and the gateway, trusting the
 * web app's address as a proxy, counts the call under the member's address.
 */
export function forwardedHeaders(request: Request, into: Headers = new Headers()): Headers {
  const requestId = request.headers.get('x-request-id');
  if (requestId) into.set('x-request-id', requestId);
  for (const name of TRACE_HEADERS) {
    const value = request.headers.get(name);
    if (value) into.set(name, value);
  }
  const chain = request.headers.get('x-forwarded-for')?.trim();
  if (chain) {
    const existing = into.get('x-forwarded-for');
    into.set('x-forwarded-for', existing ? `${existing}, ${chain}` : chain);
  }
  const userAgent = request.headers.get('user-agent');
  if (userAgent) into.set('user-agent', userAgent);
  into.set('accept-language', currentLanguage());
  return into;
}

function pickString(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** A 400's `{ field: text }` map (decision 024), keeping only string texts. */
function pickFields(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const fields: Record<string, string> = {};
  for (const [key, text] of Object.entries(value)) if (typeof text === 'string' && text) fields[key] = text;
  return Object.keys(fields).length > 0 ? fields : undefined;
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = await response.json();
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // Non-JSON error pages (e.g. a proxy's 502) fall back to the status text below.
  }
  // The services answer in English (decision 045): the page reads their words in its own language.
  const message = fromEnglish(pickString(body.error) ?? pickString(body.message) ?? uiTexts.requestFailed);
  return new ApiError(response.status, pickString(body.code) ?? `HTTP_${response.status}`, message, pickFields(body.fields));
}

/**
 * Calls `path` (e.g. `/api/users/1`) on the gateway on behalf of the member making `request`.
 * Throws ApiError on a non-2xx answer, an unreachable gateway (503) or an unexpected shape (502).
 */
export async function apiFetch<T = unknown>(request: Request, path: string, options: ApiOptions<T> = {}): Promise<T> {
  return (await apiFetchWithHeaders(request, path, options)).data;
}

/** apiFetch, with the answer's headers too (a list's next page is in `X-Next-Cursor`). */
export async function apiFetchWithHeaders<T = unknown>(
  request: Request,
  path: string,
  options: ApiOptions<T> = {},
): Promise<{ data: T; headers: Headers }> {
  const url = new URL(path, `${getServerEnv().GATEWAY_URL}/`);
  const headers = forwardedHeaders(request, new Headers(options.headers));
  headers.set('accept', 'application/json');
  const token = options.token === undefined ? readCookie(request, ACCESS_TOKEN_COOKIE) : options.token;
  if (token) headers.set('authorization', `Bearer ${token}`);

  let body = options.body;
  if (options.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(options.json);
  }

  const init: RequestInit & { duplex?: 'half' } = {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
  };
  // A streamed body (an upload passed straight through) must say so to Node's fetch.
  if (body instanceof ReadableStream) init.duplex = 'half';

  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    const error = new ApiError(503, 'GATEWAY_UNREACHABLE', uiTexts.somethingWrong);
    error.cause = cause;
    throw error;
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return { data: undefined as T, headers: response.headers };

  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    throw new ApiError(502, 'BAD_GATEWAY_RESPONSE', uiTexts.somethingWrong);
  }
  if (!options.schema) return { data: data as T, headers: response.headers };
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(502, 'BAD_GATEWAY_RESPONSE', uiTexts.somethingWrong);
  }
  return { data: parsed.data, headers: response.headers };
}
