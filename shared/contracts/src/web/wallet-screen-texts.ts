/**
 * The wallet, payments, checkout and packages screens' words (docs/product/wallet.md). The product's
 * quoted texts and the wallet service's refusals are walletTexts (api/wallet-texts.ts).
 */
import { localizedTexts, plural, template } from '../i18n/localized-texts.js';

export const walletScreenTexts = localizedTexts('walletScreen', {
  // Wallet
  /** The payment pages while an admin has payments turned off (the API's own answer stays English). */
  paymentsOff: 'Payments are turned off on this site.',
  payments: 'Payments',
  balance: 'Balance',
  loadBalanceFailed: 'Failed to load balance',
  transactions: 'Transactions',
  date: 'Date',
  type: 'Type',
  amount: 'Amount',
  /** Read by screen readers before an amount: money in or out of the wallet. */
  moneyIn: 'in',
  moneyOut: 'out',
  loading: 'Loading…',
  loadMore: 'Load more',
  typeTopUp: 'Top-up',
  typePackagePurchase: 'Package purchase',
  typeRefund: 'Refund',
  filterTransactions: 'Filter transactions',
  startDate: 'Start date',
  endDate: 'End date',
  filter: 'Filter',
  clear: 'Clear',
  // Top-up, payments page and checkout
  topUp: 'Top up',
  amountLabel: 'Amount (₦)',
  pay: 'Pay',
  openingCheckout: 'Opening checkout…',
  topUpWith: 'Top up your wallet with',
  byCard: 'by card.',
  backToWallet: 'Back to wallet',
  checkout: 'Checkout',
  testCheckout: 'Test checkout',
  cardPayment: 'Card payment',
  cardNumber: 'Card number',
  testCardHint: template('no money moves. To see a declined payment, use {{card}}.', (card: string) => ({ card })),
  reference: template('Reference: {{reference}}', (reference: string) => ({ reference })),
  paying: 'Paying…',
  // Packages
  loadPackagesFailed: 'Failed to load packages',
  purchaseFailed: 'Purchase failed',
  yourPlan: 'Your plan:',
  planUntil: template('until {{date}}. Buying again extends it.', (date: string) => ({ date })),
  oneYear: '1 year',
  days: plural({ one: '{{count}} day', other: '{{count}} days' }, (count: number) => ({ count })),
  perkFeatured: 'Featured member',
  perkVerified: 'Verified badge',
  perkBoostPosts: template('Boost up to {{count}} posts', (count: number) => ({ count })),
  perkBoostPages: template('Boost up to {{count}} pages', (count: number) => ({ count })),
  perkAllPermissions: 'All permissions',
  perkHallOfFame: "Access to Kora's quarterly hall-of-fame discussion",
  buyPlan: template('Buy {{plan}}', (plan: string) => ({ plan })),
  plan: 'Plan',
  price: 'Price',
  yourBalance: 'Your balance',
  done: 'Done',
  moreNeeded: template('({{amount}} more needed).', (amount: string) => ({ amount })),
  topUpAmount: template('Top up {{amount}}', (amount: string) => ({ amount })),
});
