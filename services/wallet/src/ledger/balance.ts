/** A member's balance: the cached row postMovement keeps (0 before their first movement). */
import type { DbOrTx } from '@kora/platform/service';
import { eq } from 'drizzle-orm';
import type { Wallet } from '../context.js';

export async function balanceKoboOf(w: Wallet, db: DbOrTx, userId: number): Promise<number> {
  const { balances } = w.tables;
  const [row] = await db.select({ kobo: balances.balanceKobo }).from(balances).where(eq(balances.userId, userId));
  return row?.kobo ?? 0;
}
