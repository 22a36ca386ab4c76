/**
 * Calling a sibling service's internal API, for commands that must answer at once (an avatar the
 * media service stores, say). Signed with the service-call header, carrying the trace id and the
 * request's language, bounded
 * by a timeout; a sibling that is down or slow becomes a 503 for the caller, never a hang.
 */
import { apiErrorTexts, currentLanguage, type ServiceName } from '@kora/contracts';
import { AppError } from '../errors.js';
import { SERVICE_CALL_HEADER, signServiceCall } from '../identity.js';
import { currentSpan, currentTraceId } from '../logger.js';
import { activeTracing } from '../tracing/tracing.js';

/** The 503 a caller gets when a sibling service cannot answer (down, slow, or answering nonsense). */
export function serviceUnavailable(target: ServiceName): AppError {
  return new AppError(503, 'SERVICE_UNAVAILABLE', apiErrorTexts.serviceUnavailable(target));
}

export interface ServiceClientOptions {
  self: ServiceName;
  secret: string;
  /** Base URL of each service (filled by the launcher, or from `<NAME>_URL` variables). */
  resolve(name: ServiceName): string | undefined;
}

export type CallService = (target: ServiceName, path: string, init?: RequestInit & { timeoutMs?: number }) => Promise<Response>;

export function createServiceClient(options: ServiceClientOptions): CallService {
  return async (target, path, init = {}) => {
    const base = options.resolve(target);
    if (!base) throw serviceUnavailable(target);
    const headers = new Headers(init.headers);
    headers.set(SERVICE_CALL_HEADER, signServiceCall(options.self, options.secret));
    const traceId = currentTraceId();
    if (traceId) headers.set('x-request-id', traceId);
    // The sibling's request span goes under this request's (decision 053).
    const span = currentSpan();
    const tracing = activeTracing();
    if (span && tracing) for (const [name, value] of Object.entries(tracing.headersOf(span))) headers.set(name, value);
    // A sibling's refusal the caller passes on is in the language the caller's request asked for.
    const language = currentLanguage();
    if (language !== 'en' && !headers.has('accept-language')) headers.set('accept-language', language);
    try {
      return await fetch(new URL(path, base), { ...init, headers, signal: AbortSignal.timeout(init.timeoutMs ?? 15_000) });
    } catch {
      throw serviceUnavailable(target);
    }
  };
}

/** `<NAME>_URL` from the environment: AUTH_URL, STORIES_REELS_URL... (the gateway's variables). */
export function serviceUrlFromEnv(name: ServiceName, env: Record<string, string | undefined> = process.env): string | undefined {
  return env[`${name.toUpperCase().replace('-', '_')}_URL`];
}
