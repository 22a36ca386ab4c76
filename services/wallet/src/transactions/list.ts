/**
 * A member's ledger transactions, newest first, as the product's Transaction (amount in naira,
 * positive; the type says which way). Keyset paging on (created_at, id), read in the order of
 * `ledger_transactions_user_idx`: the cursor is the id of the last transaction shown (the next page
 * starts after it), 0 or none the first page. A cursor that is not one of the member's transactions
 * reads as an empty page.
 */
import { koboToNaira, type Transaction } from '@kora/contracts';
import { rowsOf } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import type { Wallet } from '../context.js';
import type { DayRange } from './date-range.js';

export interface TransactionPage {
  items: Transaction[];
  nextCursor: number | null;
}

interface Row {
  id: number;
  created_at: string;
  type: Transaction['type'];
  amount_kobo: number;
}

export async function listTransactions(
  w: Wallet,
  userId: number,
  range: DayRange,
  cursor: number | undefined,
  limit: number,
): Promise<TransactionPage> {
  const t = w.tables.ledgerTransactions;
  const zone = w.config.KORA_TIME_ZONE;
  const where: SQL[] = [sql`t.user_id = ${userId}`];
  if (range.start) where.push(sql`t.created_at >= (${range.start}::date::timestamp at time zone ${zone})`);
  if (range.end) where.push(sql`t.created_at < ((${range.end}::date + 1)::timestamp at time zone ${zone})`);
  if (cursor)
    where.push(sql`(t.created_at, t.id) < (select c.created_at, c.id from ${t} c where c.id = ${cursor} and c.user_id = ${userId})`);
  const rows = rowsOf<Row>(
    await w.ctx.db.execute(sql`
      select t.id, to_char(t.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at, t.type, t.amount_kobo
      from ${t} t
      where ${sql.join(where, sql` and `)}
      order by t.created_at desc, t.id desc
      limit ${limit + 1}`),
  );
  const page = rows.slice(0, limit);
  return {
    items: page.map((r) => ({ id: r.id, createdAt: r.created_at, type: r.type, amount: koboToNaira(r.amount_kobo) })),
    nextCursor: rows.length > limit ? page.at(-1)!.id : null,
  };
}
