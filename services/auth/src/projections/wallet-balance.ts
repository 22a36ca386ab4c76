/**
 * The sign-in record's `user_wallet_balance` (decision 023): the balance after each wallet movement,
 * from wallet's `wallet.credited` / `wallet.debited` (`balanceKobo`). Both share the member's key,
 * so they arrive in order; a redelivered or replayed older one is still ignored, because only a
 * newer transaction (a larger id: the ledger's ids grow) replaces the balance held.
 */
import type { EventPayload } from '@kora/contracts';
import type { EventHandler, Tx } from '@kora/platform/service';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AuthTables } from '../db/schema.js';

async function keepBalance(tables: AuthTables, tx: Tx, movement: EventPayload<'wallet.credited'>): Promise<void> {
  const { users } = tables;
  await tx
    .update(users)
    .set({ walletBalanceKobo: movement.balanceKobo, walletTransactionId: movement.transactionId })
    .where(
      and(eq(users.id, movement.userId), or(isNull(users.walletTransactionId), lt(users.walletTransactionId, movement.transactionId))),
    );
}

export function walletBalanceHandlers(tables: AuthTables): {
  'wallet.credited': EventHandler<'wallet.credited'>;
  'wallet.debited': EventHandler<'wallet.debited'>;
} {
  return {
    'wallet.credited': (event, tx) => keepBalance(tables, tx, event.payload),
    'wallet.debited': (event, tx) => keepBalance(tables, tx, event.payload),
  };
}
