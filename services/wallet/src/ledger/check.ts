/**
 * The ledger's invariants, checked over the whole ledger (`npm run wallet:check`, and the tests):
 * - every transaction has exactly two entries, and they add up to zero;
 * - one of them is on the wallet of the transaction's member;
 * - each member's cached balance equals the sum of their wallet's entries (a wallet with entries
 *   but no cached row counts as a cached 0);
 * - no member's balance is negative, cached or summed.
 * PostgreSQL already refuses most of this at write time (decision 023); this finds what got past
 * it (a hand-made update, a restored backup, a bug in a later migration). An empty list is a
 * healthy ledger.
 */
import { rowsOf, type DbOrTx } from '@kora/platform/service';
import { sql } from 'drizzle-orm';
import { walletSchema, type WalletTables } from '../db/schema.js';

export type LedgerProblem =
  | { kind: 'unbalanced'; transactionId: number; sumKobo: number }
  | { kind: 'entry_count'; transactionId: number; entries: number }
  | { kind: 'not_on_member_wallet'; transactionId: number; userId: number }
  | { kind: 'balance_mismatch'; userId: number; cachedKobo: number; entriesKobo: number }
  | { kind: 'negative_balance'; userId: number; balanceKobo: number };

export function describeProblem(p: LedgerProblem): string {
  switch (p.kind) {
    case 'unbalanced':
      return `transaction ${p.transactionId}: its entries add up to ${p.sumKobo} kobo, not 0`;
    case 'entry_count':
      return `transaction ${p.transactionId}: ${p.entries} entries, not 2`;
    case 'not_on_member_wallet':
      return `transaction ${p.transactionId}: no entry on the wallet of member ${p.userId}`;
    case 'balance_mismatch':
      return `member ${p.userId}: cached balance ${p.cachedKobo} kobo, entries add up to ${p.entriesKobo}`;
    case 'negative_balance':
      return `member ${p.userId}: negative balance ${p.balanceKobo} kobo`;
  }
}

export async function checkLedger(db: DbOrTx, tables: WalletTables): Promise<LedgerProblem[]> {
  const { accounts, balances, ledgerTransactions: t, ledgerEntries: e } = tables;
  const problems: LedgerProblem[] = [];

  const transactions = rowsOf<{ id: number; user_id: number; entries: number; sum: number; on_wallet: boolean }>(
    await db.execute(sql`
      select t.id, t.user_id, count(e.id)::int as entries, coalesce(sum(e.amount_kobo), 0)::bigint as sum,
             coalesce(bool_or(a.kind = 'member_wallet' and a.user_id = t.user_id), false) as on_wallet
      from ${t} t
      left join ${e} e on e.transaction_id = t.id
      left join ${accounts} a on a.id = e.account_id
      group by t.id, t.user_id
      having count(e.id) <> 2 or coalesce(sum(e.amount_kobo), 0) <> 0
          or not coalesce(bool_or(a.kind = 'member_wallet' and a.user_id = t.user_id), false)
      order by t.id`),
  );
  for (const r of transactions) {
    if (r.entries !== 2) problems.push({ kind: 'entry_count', transactionId: r.id, entries: r.entries });
    if (r.sum !== 0) problems.push({ kind: 'unbalanced', transactionId: r.id, sumKobo: r.sum });
    if (!r.on_wallet) problems.push({ kind: 'not_on_member_wallet', transactionId: r.id, userId: r.user_id });
  }

  const wallets = rowsOf<{ user_id: number; cached: number; entries: number }>(
    await db.execute(sql`
      with summed as (
        select a.user_id, coalesce(sum(e.amount_kobo), 0)::bigint as entries
        from ${accounts} a left join ${e} e on e.account_id = a.id
        where a.kind = 'member_wallet'
        group by a.user_id
      )
      select coalesce(b.user_id, s.user_id) as user_id, coalesce(b.balance_kobo, 0)::bigint as cached, coalesce(s.entries, 0)::bigint as entries
      from ${balances} b full join summed s on s.user_id = b.user_id
      where coalesce(b.balance_kobo, 0) <> coalesce(s.entries, 0) or b.balance_kobo < 0 or s.entries < 0
      order by 1`),
  );
  for (const r of wallets) {
    if (r.cached !== r.entries)
      problems.push({ kind: 'balance_mismatch', userId: r.user_id, cachedKobo: r.cached, entriesKobo: r.entries });
    const lowest = Math.min(r.cached, r.entries);
    if (lowest < 0) problems.push({ kind: 'negative_balance', userId: r.user_id, balanceKobo: lowest });
  }
  return problems;
}

export interface LedgerReport {
  /** False when the schema has no ledger yet (not migrated). */
  present: boolean;
  transactions: number;
  wallets: number;
  problems: LedgerProblem[];
}

/** The check over a schema by name, with what it looked at (`npm run wallet:check`). */
export async function checkLedgerIn(db: DbOrTx, schema: string): Promise<LedgerReport> {
  const [found] = rowsOf<{ n: number }>(
    await db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = ${schema} and table_name in ('ledger_transactions', 'ledger_entries', 'balances', 'accounts')`,
    ),
  );
  if (found?.n !== 4) return { present: false, transactions: 0, wallets: 0, problems: [] };
  const tables = walletSchema(schema);
  const [counts] = rowsOf<{ transactions: number; wallets: number }>(
    await db.execute(
      sql`select (select count(*) from ${tables.ledgerTransactions})::int as transactions, (select count(*) from ${tables.balances})::int as wallets`,
    ),
  );
  return { present: true, ...counts!, problems: await checkLedger(db, tables) };
}
