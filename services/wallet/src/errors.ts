/**
 * The wallet's stable error codes and the errors its routes throw, each with its product text from
 * `walletTexts` (decision 023).
 */
import { ErrorCode, featureOffMessage, walletTexts } from '@kora/contracts';
import { AppError, badRequest, conflict, forbidden, notFound, paymentRequired } from '@kora/platform/service';

export const WalletErrorCode = {
  AmountInvalid: 'AMOUNT_INVALID',
  EmailNotYours: 'EMAIL_NOT_YOURS',
  UserNotYou: 'USER_NOT_YOU',
  DateInvalid: 'DATE_INVALID',
  PaymentNotFound: 'PAYMENT_NOT_FOUND',
  ProviderUnavailable: 'PAYMENT_PROVIDER_UNAVAILABLE',
  SignatureInvalid: 'SIGNATURE_INVALID',
  SandboxOff: 'SANDBOX_OFF',
  CardDeclined: 'CARD_DECLINED',
  PackageNotFound: 'PACKAGE_NOT_FOUND',
  InsufficientBalance: 'INSUFFICIENT_BALANCE',
  IdempotencyKeyInvalid: 'IDEMPOTENCY_KEY_INVALID',
  IdempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  TransactionNotFound: 'TRANSACTION_NOT_FOUND',
  AlreadyRefunded: 'ALREADY_REFUNDED',
  RefundOfRefund: 'REFUND_OF_REFUND',
} as const;

export const amountInvalid = (text: string = walletTexts.amountInvalid) => badRequest(text, WalletErrorCode.AmountInvalid);
export const emailNotYours = (text: string = walletTexts.emailNotYours) => badRequest(text, WalletErrorCode.EmailNotYours);
export const userNotYou = () => forbidden(walletTexts.userNotYou, WalletErrorCode.UserNotYou);
export const dateInvalid = (text: string) => badRequest(text, WalletErrorCode.DateInvalid);
export const paymentNotFound = () => notFound(walletTexts.paymentNotFound, WalletErrorCode.PaymentNotFound);
/** The provider did not answer (or answered 5xx) after the retries: nothing was charged or credited. */
export const providerUnavailable = () => new AppError(503, WalletErrorCode.ProviderUnavailable, walletTexts.providerUnavailable);
/** A signed webhook body that is not the provider's event shape. */
export const webhookBodyInvalid = () => badRequest('The webhook body is not a provider event');
export const signatureInvalid = () => new AppError(401, WalletErrorCode.SignatureInvalid, walletTexts.signatureInvalid);
export const sandboxOff = () => notFound(walletTexts.sandboxOff, WalletErrorCode.SandboxOff);
export const cardDeclined = () => badRequest(walletTexts.cardDeclined, WalletErrorCode.CardDeclined);
export const packageNotFound = () => notFound(walletTexts.packageNotFound, WalletErrorCode.PackageNotFound);
export const insufficientBalance = () => paymentRequired(walletTexts.insufficientBalance, WalletErrorCode.InsufficientBalance);
export const idempotencyKeyInvalid = () => badRequest(walletTexts.idempotencyKeyInvalid, WalletErrorCode.IdempotencyKeyInvalid);
export const idempotencyKeyReused = () => conflict(walletTexts.idempotencyKeyReused, WalletErrorCode.IdempotencyKeyReused);
export const transactionNotFound = () => notFound(walletTexts.transactionNotFound, WalletErrorCode.TransactionNotFound);
export const alreadyRefunded = () => conflict(walletTexts.alreadyRefunded, WalletErrorCode.AlreadyRefunded);
export const refundOfRefund = () => badRequest(walletTexts.refundOfRefund, WalletErrorCode.RefundOfRefund);
/** What the gateway answers while the `payments` switch is off; the service answers it too (defence in depth). */
export const paymentsOff = () => new AppError(404, ErrorCode.FeatureDisabled, featureOffMessage('payments'));
