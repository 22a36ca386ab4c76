/**
 * The wallet's, payments' and packages' texts, limits and plans (docs/product/wallet.md): plain
 * values, no schema library, so the browser can import them without carrying zod (wallet.ts
 * re-exports them). The product's quoted texts are used verbatim; the refusals it leaves open are
 * ours (decision 023).
 *
 * Money: the API speaks naira (numbers with at most 2 decimals, as the product's balance); every
 * service stores and computes kobo (integers), converting only at the edge with the helpers of naira.ts.
 * The perks' labels are in perk-texts.ts. Both are modules of their own so that this one, which only
 * the wallet's pages load, carries nothing the other pages need (decision 023, Web).
 */
import { localizedTexts, template } from '../i18n/localized-texts.js';
export const TRANSACTION_TYPES = ['top_up', 'package_purchase', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** A card payment's life: pending until the provider's verification says success or failed. */
export const PAYMENT_STATES = ['pending', 'success', 'failed'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export const PACKAGE_IDS = ['vip', 'vvip'] as const;
export type PackageId = (typeof PACKAGE_IDS)[number];

export const walletLimits = {
  /** Ours: one top-up is at most this many naira. */
  maxTopUpNaira: 1_000_000,
  /** The payments page's fixed amount. */
  paymentsPageNaira: 5_000,
  /** The wallet's amount input has a minimum of 1. */
  inputMinNaira: 1,
  /** Ours: a boosted post is sponsored for this many days. */
  boostDays: 7,
  /** Ours: what an Idempotency-Key may be. */
  maxIdempotencyKeyLength: 200,
} as const;

/** The two plans of the packages page (prices in naira; the product-name prefix is Kora). */
export interface PackagePlan {
  id: PackageId;
  name: string;
  price: number;
  durationDays: number;
  /** Posts a member may boost while the plan is active (boost up to N posts). */
  boostPosts: number;
  /** The plan's "boost up to N pages": pages do not exist in Kora yet; listed, not enforced. */
  boostPages: number;
  perks: string[];
}

const commonPerks = ['Featured member', 'Verified badge'];
const closingPerks = ['All permissions', "Access to Kora's quarterly hall-of-fame discussion"];

export const packagePlans: readonly PackagePlan[] = [
  {
    id: 'vip',
    name: 'Kora VIP',
    price: 6_050,
    durationDays: 30,
    boostPosts: 30,
    boostPages: 20,
    perks: [...commonPerks, 'Boost up to 30 posts', 'Boost up to 20 pages', ...closingPerks],
  },
  {
    id: 'vvip',
    name: 'Kora VVIP',
    price: 65_000,
    durationDays: 365,
    boostPosts: 600,
    boostPages: 400,
    perks: [...commonPerks, 'Boost up to 600 posts', 'Boost up to 400 pages', ...closingPerks],
  },
];

export function packagePlan(id: string): PackagePlan | undefined {
  return packagePlans.find((p) => p.id === id);
}

export const walletTexts = localizedTexts('wallet', {
  // The product's texts.
  walletTitle: 'Wallet',
  paymentsTitle: 'Complete Your Payment',
  packagesTitle: 'Pro Packages',
  packagesSubtitle: "Choose the Plan That's Right for You",
  buyNow: 'Buy Now',
  noTransactions: 'No transactions found',
  initFailed: 'Payment initialization failed',
  couldNotInitialize: 'Could not initialize payment',
  couldNotInitiate: 'Could not initiate payment',
  loadTransactionsFailed: 'Failed to load transactions',
  paymentSuccessful: template('Payment successful! Reference: {{reference}}', (reference: string) => ({ reference })),
  // Ours: what the product leaves open.
  amountInvalid: 'Amount must be a number above 0',
  // Written out, not formatted at load: a call at the top of this module would make every page that
  // imports the contracts run (and load) it, the wallet's texts with it (decision 023).
  amountTooLarge: 'Amount can be at most ₦1,000,000',
  amountDecimals: 'Amount can have at most 2 decimal places (kobo)',
  emailRequired: 'Your account needs an e-mail address to pay by card',
  emailNotYours: 'Use the e-mail address of your account',
  userNotYou: 'You can only top up your own wallet',
  dateInvalid: 'Dates must be written as YYYY-MM-DD',
  dateInFuture: 'Dates cannot be later than today',
  dateOrder: 'The start date must be on or before the end date',
  paymentNotFound: 'Payment not found',
  paymentFailed: 'Payment failed: your wallet was not charged',
  paymentPending: 'Payment is still being confirmed. Your wallet will be credited as soon as it is.',
  providerUnavailable: 'The payment provider is not answering. Please try again in a moment.',
  signatureInvalid: 'Invalid signature',
  sandboxOff: 'The test checkout is turned off on this site',
  cardDeclined: 'Card declined',
  packageNotFound: 'Package not found',
  insufficientBalance: 'Not enough balance: top up your wallet first',
  idempotencyKeyInvalid: `Idempotency-Key must be 1 to ${walletLimits.maxIdempotencyKeyLength} visible characters`,
  idempotencyKeyReused: 'This Idempotency-Key was used for a different purchase',
  transactionNotFound: 'Transaction not found',
  alreadyRefunded: 'This transaction was already refunded',
  refundOfRefund: 'A refund cannot itself be refunded',
  purchased: template('You are now {{plan}} until {{until}}', (plan: string, until: string) => ({ plan, until })),
  boostNeedsPlan: 'Boosting posts needs an active Pro package',
  boostQuotaUsed: 'You have used every boost of your plan',
  boostNotYours: 'You can only boost your own posts',
  boostNotOnTimeline: 'Only posts on your own timeline can be boosted',
  alreadyBoosted: 'This post is already boosted',
  testCard: 'Test card',
  pay: template('Pay {{amount}}', (amount: string) => ({ amount })),
});
