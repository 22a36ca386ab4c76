/** Tables of the `wallet` schema (Drizzle views of the SQL in migrations.ts). */
import { PACKAGE_IDS, PAYMENT_STATES, TRANSACTION_TYPES } from '@kora/contracts';
import { bigint, integer, pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const id = (name: string) => bigint(name, { mode: 'number' });

export const ACCOUNT_KINDS = ['member_wallet', 'provider_clearing', 'revenue'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];
export const PAYMENT_PROVIDERS = ['paystack', 'sandbox'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

export const walletSchema = (name: string) => {
  const schema = pgSchema(name);

  const accounts = schema.table('accounts', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    userId: id('user_id'),
  });

  const ledgerTransactions = schema.table('ledger_transactions', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: id('user_id').notNull(),
    type: text('type', { enum: TRANSACTION_TYPES }).notNull(),
    amountKobo: id('amount_kobo').notNull(),
    reference: text('reference'),
    packageId: text('package_id', { enum: PACKAGE_IDS }),
    refundOf: id('refund_of'),
    createdAt: at('created_at').notNull().defaultNow(),
  });

  const ledgerEntries = schema.table('ledger_entries', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: id('transaction_id').notNull(),
    accountId: id('account_id').notNull(),
    amountKobo: id('amount_kobo').notNull(),
  });

  const balances = schema.table('balances', {
    userId: id('user_id').primaryKey(),
    balanceKobo: id('balance_kobo').notNull().default(0),
    lastTransactionId: id('last_transaction_id'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  });

  const payments = schema.table('payments', {
    reference: text('reference').primaryKey(),
    userId: id('user_id').notNull(),
    email: text('email').notNull(),
    amountKobo: id('amount_kobo').notNull(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    status: text('status', { enum: PAYMENT_STATES }).notNull().default('pending'),
    authorizationUrl: text('authorization_url'),
    reason: text('reason'),
    transactionId: id('transaction_id').unique(),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
    checkedAt: at('checked_at'),
  });

  const sandboxCharges = schema.table('sandbox_charges', {
    reference: text('reference').primaryKey(),
    email: text('email').notNull(),
    amountKobo: id('amount_kobo').notNull(),
    currency: text('currency').notNull().default('NGN'),
    status: text('status', { enum: PAYMENT_STATES }).notNull().default('pending'),
    createdAt: at('created_at').notNull().defaultNow(),
    paidAt: at('paid_at'),
  });

  const memberships = schema.table('memberships', {
    userId: id('user_id').primaryKey(),
    packageId: text('package_id', { enum: PACKAGE_IDS }).notNull(),
    startedAt: at('started_at').notNull(),
    activeUntil: at('active_until').notNull(),
    boostPosts: integer('boost_posts').notNull(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  });

  const purchases = schema.table('purchases', {
    id: id('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: id('user_id').notNull(),
    packageId: text('package_id', { enum: PACKAGE_IDS }).notNull(),
    transactionId: id('transaction_id').notNull().unique(),
    idempotencyKey: text('idempotency_key'),
    startedAt: at('started_at').notNull(),
    activeUntil: at('active_until').notNull(),
    boostPosts: integer('boost_posts').notNull(),
    balanceAfterKobo: id('balance_after_kobo').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  });

  const memberEmails = schema.table('member_emails', {
    userId: id('user_id').primaryKey(),
    email: text('email').notNull(),
    updatedAt: at('updated_at').notNull(),
  });

  return { accounts, ledgerTransactions, ledgerEntries, balances, payments, sandboxCharges, memberships, purchases, memberEmails };
};

export type WalletTables = ReturnType<typeof walletSchema>;
