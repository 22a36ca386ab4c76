/**
 * Why the gateway answers a request itself instead of handing it on: always the one error shape
 * `{ error, message, code }` (answer.ts writes it), never a stack trace, and a status that tells the
 * client whether trying again makes sense (503/504) or not.
 */
import { apiErrorTexts, ErrorCode } from '@kora/contracts';
import type { UpstreamName } from './config.js';

/** Codes the gateway adds beside the shared ones. */
export const GatewayErrorCode = {
  CsrfRejected: 'CSRF_REJECTED',
  UpgradeRequired: 'UPGRADE_REQUIRED',
  HeadersTooLarge: 'HEADERS_TOO_LARGE',
  RequestTimeout: 'REQUEST_TIMEOUT',
} as const;

/** An answer the edge gives in place of the service's. Its message is read when sent: a getter reads the request's language. */
export interface Refusal {
  status: number;
  message: string;
  code: string;
}

export const BAD_REQUEST: Refusal = {
  status: 400,
  get message() {
    return apiErrorTexts.requestInvalid;
  },
  code: ErrorCode.BadRequest,
};
export const SHUTTING_DOWN: Refusal = {
  status: 503,
  get message() {
    return apiErrorTexts.restarting;
  },
  code: ErrorCode.ServiceUnavailable,
};

export type UpstreamFailure = 'unavailable' | 'timeout' | 'bad-gateway';

// Nothing is listening, the name does not resolve, or the connection could not be made in time:
// the service is down or restarting, which a client may retry shortly (503).
const UNAVAILABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'UND_ERR_CONNECT_TIMEOUT',
]);
// The service accepted the request but did not answer in UPSTREAM_TIMEOUT_MS (504).
const TIMEOUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Every error code in the chain: undici may wrap an error in `cause`, Happy Eyeballs in `errors`. */
function errorCodes(err: unknown, depth = 0): string[] {
  if (!err || typeof err !== 'object' || depth > 4) return [];
  const e = err as { code?: unknown; cause?: unknown; errors?: unknown };
  const own = typeof e.code === 'string' ? [e.code] : [];
  const nested = Array.isArray(e.errors) ? e.errors.flatMap((x) => errorCodes(x, depth + 1)) : [];
  return [...own, ...errorCodes(e.cause, depth + 1), ...nested];
}

export function classifyUpstreamError(err: unknown): UpstreamFailure {
  const codes = errorCodes(err);
  if (codes.some((c) => TIMEOUT.has(c))) return 'timeout';
  if (codes.some((c) => UNAVAILABLE.has(c))) return 'unavailable';
  return 'bad-gateway';
}

export function upstreamErrorResponse(service: UpstreamName, failure: UpstreamFailure): Refusal {
  switch (failure) {
    case 'unavailable':
      return {
        status: 503,
        code: ErrorCode.ServiceUnavailable,
        get message() {
          return apiErrorTexts.serviceUnavailable(service);
        },
      };
    case 'timeout':
      return {
        status: 504,
        code: ErrorCode.GatewayTimeout,
        get message() {
          return apiErrorTexts.serviceTimedOut(service);
        },
      };
    default:
      return {
        status: 502,
        code: ErrorCode.BadGateway,
        get message() {
          return apiErrorTexts.serviceAnswerInvalid(service);
        },
      };
  }
}
