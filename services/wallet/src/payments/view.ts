/** A payment row as the API answers it (`paymentSchema`): naira, ISO dates. */
import { koboToNaira, type Payment } from '@kora/contracts';
import type { WalletTables } from '../db/schema.js';

export type PaymentRow = WalletTables['payments']['$inferSelect'];

export function paymentView(row: PaymentRow): Payment {
  return {
    reference: row.reference,
    amount: koboToNaira(row.amountKobo),
    status: row.status,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt?.toISOString() ?? null,
    provider: row.provider,
  };
}
