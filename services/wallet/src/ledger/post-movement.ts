/**
 * The one way money moves (decision 023): a movement of a member's wallet becomes a ledger
 * transaction, its balanced entries, the member's new cached balance and the `wallet.credited` or
 * `wallet.debited` event, all in the caller's database transaction (`w.ctx.transact`), so either
 * all of it is stored or none.
 *
 * The member's balance row is locked first (`for update`): two movements of one wallet queue, so a
 * debit reads the balance the previous one left and cannot take it below zero. A debit larger than
 * the balance throws `insufficientBalance` (402) before anything is written. Other members' wallets
 * are not touched, and the system accounts carry no cached balance (no hot row every payment would
 * wait for): their balance is the sum of their entries.
 */
import type { PackageId, TransactionType } from '@kora/contracts';
import { rowsOf, type Emit, type Tx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import type { Wallet } from '../context.js';
import type { AccountKind } from '../db/schema.js';
import { insufficientBalance } from '../errors.js';

export interface Movement {
  userId: number;
  type: TransactionType;
  /** Positive kobo; the type (and for a refund, what it refunds) says which way it goes. */
  amountKobo: number;
  /** A top-up's payment reference (credited once: a unique index). */
  reference?: string | null;
  /** A package purchase's package. */
  packageId?: PackageId | null;
  /** The movement a refund gives back, and its type. */
  refundOf?: { transactionId: number; type: Exclude<TransactionType, 'refund'> } | null;
  /** Who did it (null: the provider or the system). */
  actorId?: number | null;
}

export interface Posted {
  transactionId: number;
  balanceKobo: number;
  createdAt: Date;
}

/** Money into the member's wallet from the account named (positive) or out of it to that account. */
function counterpart(m: Movement): { walletDelta: number; other: Exclude<AccountKind, 'member_wallet'> } {
  const a = m.amountKobo;
  switch (m.type) {
    case 'top_up':
      return { walletDelta: a, other: 'provider_clearing' };
    case 'package_purchase':
      return { walletDelta: -a, other: 'revenue' };
    case 'refund':
      if (!m.refundOf) throw new Error('a refund names the movement it gives back');
      // A refunded purchase gives the money back to the wallet; a refunded top-up sends it back to the card.
      return m.refundOf.type === 'package_purchase'
        ? { walletDelta: a, other: 'revenue' }
        : { walletDelta: -a, other: 'provider_clearing' };
  }
}

async function memberAccountId(w: Wallet, tx: Tx, userId: number): Promise<number> {
  const { accounts } = w.tables;
  await tx.execute(sql`insert into ${accounts} (kind, user_id) values ('member_wallet', ${userId}) on conflict do nothing`);
  return rowsOf<{ id: number }>(await tx.execute(sql`select id from ${accounts} where kind = 'member_wallet' and user_id = ${userId}`))[0]!
    .id;
}

/** Locks the member's balance row (made at zero on their first movement) and answers the balance. */
export async function lockBalance(w: Wallet, tx: Tx, userId: number): Promise<number> {
  const { balances } = w.tables;
  await tx.execute(sql`insert into ${balances} (user_id) values (${userId}) on conflict do nothing`);
  return rowsOf<{ balance_kobo: number }>(
    await tx.execute(sql`select balance_kobo from ${balances} where user_id = ${userId} for update`),
  )[0]!.balance_kobo;
}

export async function postMovement(w: Wallet, tx: Tx, emit: Emit, m: Movement): Promise<Posted> {
  if (!Number.isSafeInteger(m.amountKobo) || m.amountKobo <= 0)
    throw new Error(`a movement is a positive whole number of kobo, not ${m.amountKobo}`);
  const { walletDelta, other } = counterpart(m);
  const { accounts, balances, ledgerTransactions, ledgerEntries } = w.tables;

  const before = await lockBalance(w, tx, m.userId);
  const after = before + walletDelta;
  if (after < 0) throw insufficientBalance();

  const walletAccount = await memberAccountId(w, tx, m.userId);
  const [otherAccount] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(sql`${accounts.kind} = ${other}`);
  const [row] = await tx
    .insert(ledgerTransactions)
    .values({
      userId: m.userId,
      type: m.type,
      amountKobo: m.amountKobo,
      reference: m.reference ?? null,
      packageId: m.packageId ?? null,
      refundOf: m.refundOf?.transactionId ?? null,
      createdAt: w.now(),
    })
    .returning({ id: ledgerTransactions.id, createdAt: ledgerTransactions.createdAt });
  const transaction = row!;
  await tx.insert(ledgerEntries).values([
    { transactionId: transaction.id, accountId: walletAccount, amountKobo: walletDelta },
    { transactionId: transaction.id, accountId: otherAccount!.id, amountKobo: -walletDelta },
  ]);
  await tx
    .update(balances)
    .set({ balanceKobo: after, lastTransactionId: transaction.id, updatedAt: transaction.createdAt })
    .where(sql`${balances.userId} = ${m.userId}`);

  emit({
    type: walletDelta > 0 ? 'wallet.credited' : 'wallet.debited',
    aggregateId: m.userId,
    actorId: m.actorId ?? null,
    payload: {
      userId: m.userId,
      transactionId: transaction.id,
      type: m.type,
      amountKobo: m.amountKobo,
      balanceKobo: after,
      reference: m.reference ?? null,
      packageId: m.packageId ?? null,
      createdAt: transaction.createdAt.toISOString(),
    },
  });
  return { transactionId: transaction.id, balanceKobo: after, createdAt: transaction.createdAt };
}
