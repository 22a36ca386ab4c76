/**
 * The wallet, payments and packages API (wallet service; docs/product/wallet.md). Amounts are naira
 * numbers (at most 2 decimals); the service keeps kobo. What the product leaves open is ours:
 * decision 023.
 */
import { z } from 'zod';
import { PACKAGE_IDS, PAYMENT_STATES, TRANSACTION_TYPES, walletLimits, walletTexts } from './wallet-texts.js';

export * from './wallet-texts.js';

/** GET /api/users/fetchbalance: the caller's balance, a bare number in naira. */
export const balanceAnswer = z.number().meta({ example: 5000.5 });

const isoDate = z.string({ error: () => walletTexts.dateInvalid }).regex(/^\d{4}-\d{2}-\d{2}$/, { error: () => walletTexts.dateInvalid });

/**
 * GET /api/payments/transactions: `start` and `end` (YYYY-MM-DD, both optional, inclusive,
 * days of the member's calendar); paged like every list (decision 015): `cursor` is the previous
 * page's X-Next-Cursor, 0 or none the first page.
 */
export const transactionsQuery = z.object({
  start: isoDate.optional(),
  end: isoDate.optional(),
  cursor: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

/** The product's Transaction: amount in naira, positive whichever way the money went (the type says). */
export const transactionSchema = z
  .object({
    id: z.number().int(),
    createdAt: z.string(),
    type: z.enum(TRANSACTION_TYPES),
    amount: z.number(),
  })
  .meta({ example: { id: 12, createdAt: '2026-11-26T09:30:00.000Z', type: 'top_up', amount: 5000 } });
export type Transaction = z.infer<typeof transactionSchema>;
export const transactionListSchema = z.array(transactionSchema);

/**
 * POST /api/payments/initialize: `{ email, amount, metadata: { userId } }`. The amount is
 * checked by the route with the texts of walletTexts (a number above 0, at most the limit, at most
 * 2 decimals); here only its type.
 */
export const initializePaymentBody = z
  .object({
    email: z
      .string({ error: () => walletTexts.emailNotYours })
      .trim()
      .max(320, { error: () => walletTexts.emailNotYours }),
    amount: z.number({ error: () => walletTexts.amountInvalid }),
    metadata: z.object(
      { userId: z.coerce.number({ error: () => walletTexts.userNotYou }).int({ error: () => walletTexts.userNotYou }) },
      { error: () => walletTexts.userNotYou },
    ),
  })
  .meta({ example: { email: 'adaeze@example.com', amount: 5000, metadata: { userId: 7 } } });
export type InitializePaymentBody = z.infer<typeof initializePaymentBody>;

/** The product's Payment initialization answer. */
export const initializePaymentAnswer = z
  .object({ authorization_url: z.string(), reference: z.string() })
  .meta({ example: { authorization_url: 'https://checkout.paystack.com/0peioxfhpn', reference: 'kora_7_lq2x9c_3f9a1b2c4d5e' } });
export type InitializePaymentAnswer = z.infer<typeof initializePaymentAnswer>;

/** Our references: `kora_` and letters, digits, `_` and `-` (what Paystack accepts in a reference). */
export const paymentReference = z.string().regex(/^[A-Za-z0-9_-]{6,100}$/, { error: () => walletTexts.paymentNotFound });
export const paymentReferenceParams = z.object({ reference: paymentReference });

/**
 * GET /api/payments/{reference} (the checkout and callback pages) and POST
 * /api/payments/{reference}/verify (asks the provider now, credits once when paid): the caller's
 * own payment only (another member's answers 404).
 */
export const paymentSchema = z
  .object({
    reference: z.string(),
    amount: z.number(),
    status: z.enum(PAYMENT_STATES),
    /** Why it failed, in the provider's words when it gave some; null otherwise. */
    reason: z.string().nullable(),
    createdAt: z.string(),
    paidAt: z.string().nullable(),
    /** `sandbox` payments are completed on Kora's own /checkout page. */
    provider: z.enum(['paystack', 'sandbox']),
  })
  .meta({
    example: {
      reference: 'kora_7_lq2x9c_3f9a1b2c4d5e',
      amount: 5000,
      status: 'success',
      reason: null,
      createdAt: '2026-11-26T09:29:00.000Z',
      paidAt: '2026-11-26T09:30:00.000Z',
      provider: 'paystack',
    },
  });
export type Payment = z.infer<typeof paymentSchema>;

/** POST /api/payments/{reference}/sandbox-pay: the test checkout's card (sandbox provider only). */
export const SANDBOX_SUCCESS_CARD = '4084084084084081';
export const SANDBOX_DECLINED_CARD = '4000000000000002';
export const sandboxPayBody = z
  .object({
    cardNumber: z
      .string()
      .trim()
      .regex(/^[\d ]{12,23}$/, { error: () => walletTexts.cardDeclined }),
  })
  .meta({ example: { cardNumber: SANDBOX_SUCCESS_CARD } });

/** GET /api/packages: the product's two plans, prices in naira. */
export const packageSchema = z
  .object({
    id: z.enum(PACKAGE_IDS),
    name: z.string(),
    price: z.number(),
    durationDays: z.number().int(),
    boostPosts: z.number().int(),
    boostPages: z.number().int(),
    perks: z.array(z.string()),
  })
  .meta({
    example: {
      id: 'vip',
      name: 'Kora VIP',
      price: 6050,
      durationDays: 30,
      boostPosts: 30,
      boostPages: 20,
      perks: ['Featured member', 'Verified badge', 'Boost up to 30 posts'],
    },
  });
export const packageListSchema = z.array(packageSchema);
export const packageIdParams = z.object({ id: z.string().max(40) });

/**
 * The member's plan: which package, since when it has run without a break, until when, and how
 * many posts it lets them boost in that run. GET /api/packages/mine answers it, or null.
 */
export const membershipSchema = z
  .object({
    packageId: z.enum(PACKAGE_IDS),
    startedAt: z.string(),
    activeUntil: z.string(),
    boostPosts: z.number().int(),
  })
  .meta({ example: { packageId: 'vip', startedAt: '2026-11-26T09:31:00.000Z', activeUntil: '2026-12-26T09:31:00.000Z', boostPosts: 30 } });
export type Membership = z.infer<typeof membershipSchema>;

/**
 * POST /api/packages/{id}/purchase (optional `Idempotency-Key` header): paid from the wallet; a
 * purchase while a plan is active extends it. Answers the plan after it and the balance left.
 */
export const purchaseAnswer = z.object({ transactionId: z.number().int(), membership: membershipSchema, balance: z.number() }).meta({
  example: {
    transactionId: 13,
    membership: { packageId: 'vip', startedAt: '2026-11-26T09:31:00.000Z', activeUntil: '2026-12-26T09:31:00.000Z', boostPosts: 30 },
    balance: 3950,
  },
});
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKey = z
  .string()
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${walletLimits.maxIdempotencyKeyLength}}$`), { error: () => walletTexts.idempotencyKeyInvalid });

/** POST /api/posts/{id}/boost (posts service): sponsored until, and boosts left in the plan's run. */
export const boostAnswer = z
  .object({ postId: z.number().int(), boostedUntil: z.string(), boostsLeft: z.number().int() })
  .meta({ example: { postId: 42, boostedUntil: '2026-12-03T09:40:00.000Z', boostsLeft: 29 } });

/** The Paystack webhook's header: HMAC-SHA512 of the raw body with the secret key, hex. */
export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';
