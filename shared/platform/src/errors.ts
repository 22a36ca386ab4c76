/**
 * Application errors carry their HTTP status, a stable code and the product text. Anything else
 * thrown is a bug: the error handler logs it with the request context and answers a generic 500
 * without details, so no stack trace or SQL ever reaches a client.
 */
import { apiErrorTexts, ErrorCode } from '@kora/contracts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code: string = ErrorCode.BadRequest) => new AppError(400, code, message);
export const unauthenticated = (message: string = apiErrorTexts.signInRequired, code: string = ErrorCode.Unauthenticated) =>
  new AppError(401, code, message);
/** Not enough money for what was asked (the wallet's purchases); nothing moved. */
export const paymentRequired = (message: string, code: string = ErrorCode.PaymentRequired) => new AppError(402, code, message);
export const forbidden = (message: string = apiErrorTexts.notAllowed, code: string = ErrorCode.Forbidden) =>
  new AppError(403, code, message);
export const notFound = (message: string = apiErrorTexts.notFound, code: string = ErrorCode.NotFound) => new AppError(404, code, message);
export const conflict = (message: string, code: string = ErrorCode.Conflict) => new AppError(409, code, message);
