/**
 * The wallet, payments and packages API (wallet service, through the gateway) as the web app uses
 * it. Every answer is parsed with the contracts' schemas; paths are named here and nowhere else
 * (decision 017). Amounts are naira, as the API speaks them (decision 023).
 */
import {
  balanceAnswer,
  IDEMPOTENCY_KEY_HEADER,
  initializePaymentAnswer,
  membershipSchema,
  NEXT_CURSOR_HEADER,
  packageListSchema,
  paymentSchema,
  purchaseAnswer,
  transactionListSchema,
  type InitializePaymentBody,
} from '@kora/contracts';
import { apiFetch, apiFetchWithHeaders } from './api.server';

type Token = string | null;

const paymentPath = (reference: string) => `/api/payments/${encodeURIComponent(reference)}`;

export function fetchBalance(request: Request, token: Token): Promise<number> {
  return apiFetch(request, '/api/users/fetchbalance', { schema: balanceAnswer, token });
}

export interface TransactionFilter {
  start?: string | undefined;
  end?: string | undefined;
  cursor?: string | null | undefined;
}

/** A page of the member's transactions, newest first, and the next page's cursor (null at the end). */
export async function fetchTransactions(request: Request, filter: TransactionFilter, token: Token) {
  const query = new URLSearchParams();
  if (filter.start) query.set('start', filter.start);
  if (filter.end) query.set('end', filter.end);
  if (filter.cursor) query.set('cursor', filter.cursor);
  const search = query.size > 0 ? `?${query}` : '';
  const { data, headers } = await apiFetchWithHeaders(request, `/api/payments/transactions${search}`, {
    schema: transactionListSchema,
    token,
  });
  return { transactions: data, nextCursor: headers.get(NEXT_CURSOR_HEADER) };
}

export function initializePayment(request: Request, body: InitializePaymentBody, token: Token) {
  return apiFetch(request, '/api/payments/initialize', { json: body, schema: initializePaymentAnswer, token });
}

export function fetchPayment(request: Request, reference: string, token: Token) {
  return apiFetch(request, paymentPath(reference), { schema: paymentSchema, token });
}

/** Asks the provider now and credits the wallet once when paid; answers the payment after it. */
export function verifyPayment(request: Request, reference: string, token: Token) {
  return apiFetch(request, `${paymentPath(reference)}/verify`, { method: 'POST', schema: paymentSchema, token, timeoutMs: 30_000 });
}

/** The sandbox checkout's card payment (sandbox provider only). */
export function sandboxPay(request: Request, reference: string, cardNumber: string, token: Token) {
  return apiFetch(request, `${paymentPath(reference)}/sandbox-pay`, { json: { cardNumber }, token, timeoutMs: 30_000 });
}

export function fetchPackages(request: Request, token: Token) {
  return apiFetch(request, '/api/packages', { schema: packageListSchema, token });
}

/** The member's plan, or null without one (an expired plan is none). */
export function fetchMembership(request: Request, token: Token) {
  return apiFetch(request, '/api/packages/mine', { schema: membershipSchema.nullable(), token });
}

export function purchasePackage(request: Request, packageId: string, idempotencyKey: string, token: Token) {
  return apiFetch(request, `/api/packages/${encodeURIComponent(packageId)}/purchase`, {
    method: 'POST',
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: purchaseAnswer,
    token,
  });
}
