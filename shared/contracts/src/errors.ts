/**
 * The one error shape every service and the gateway answer with: `{ error, message, code }`.
 * `error` is the HTTP reason phrase, `message` is the product text shown to people, `code` is a
 * stable machine-readable code integrators can switch on.
 */
import { z } from 'zod';

export const errorBodySchema = z.object({
  error: z.string(),
  message: z.string(),
  code: z.string(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Stable codes shared by all services; services add their own domain codes beside these. */
export const ErrorCode = {
  BadRequest: 'BAD_REQUEST',
  ValidationFailed: 'VALIDATION_FAILED',
  Unauthenticated: 'UNAUTHENTICATED',
  Forbidden: 'FORBIDDEN',
  NotFound: 'NOT_FOUND',
  Conflict: 'CONFLICT',
  PayloadTooLarge: 'PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  RateLimited: 'RATE_LIMITED',
  FeatureDisabled: 'FEATURE_DISABLED',
  Internal: 'INTERNAL',
  BadGateway: 'BAD_GATEWAY',
  ServiceUnavailable: 'SERVICE_UNAVAILABLE',
  GatewayTimeout: 'GATEWAY_TIMEOUT',
} as const;
