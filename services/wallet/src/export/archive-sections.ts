/** The wallet's share of a member's data archive (decision 035): the ledger, payments and packages bought. */
import { tableSection, type ExportSection, type ServiceContext } from '@kora/platform/service';

export function archiveSections(ctx: ServiceContext): ExportSection[] {
  const base = { db: ctx.db, schema: ctx.schema };
  return [
    tableSection({
      ...base,
      name: 'transactions',
      table: 'ledger_transactions',
      owner: 'user_id',
      key: 'id',
      columns:
        'id, type, amount_kobo as "amountKobo", reference, package_id as "packageId", refund_of as "refundOf", created_at as "createdAt"',
    }),
    tableSection({
      ...base,
      name: 'payments',
      table: 'payments',
      owner: 'user_id',
      key: 'reference',
      keyType: 'text',
      columns: 'reference, amount_kobo as "amountKobo", provider, status, created_at as "createdAt", paid_at as "paidAt"',
    }),
    tableSection({
      ...base,
      name: 'purchases',
      table: 'purchases',
      owner: 'user_id',
      key: 'id',
      columns:
        'id, package_id as "packageId", transaction_id as "transactionId", started_at as "startedAt", ' +
        'active_until as "activeUntil", created_at as "createdAt"',
    }),
  ];
}
