/**
 * The member's transactions (docs/product/wallet.md): Date ("Jan 5, 2024"), Type in words, Amount,
 * money in and money out told apart by sign and colour (and in words for screen readers); "No
 * transactions found" when there are none; more pages on request with the list's cursor.
 */
import { formatNaira, walletScreenTexts as t, walletTexts, type Transaction } from '@kora/contracts';
import { Alert } from '~/components/ui/alert';
import { Button } from '~/components/ui/button';
import { cn } from '~/utils/misc';
import { isCredit, transactionDate, transactionTypeLabel } from '~/utils/wallet';
import type { TransactionPage } from './types';
import { useTransactionPages } from './use-transaction-pages';

function AmountCell({ transaction }: { transaction: Transaction }) {
  const credit = isCredit(transaction.type);
  return (
    <td className={cn('whitespace-nowrap px-4 py-3 text-right font-semibold tabular-nums', credit ? 'text-brand-700' : 'text-slate-900')}>
      <span aria-hidden="true">{credit ? '+' : '−'}</span>
      <span className="sr-only">{`${credit ? t.moneyIn : t.moneyOut} `}</span>
      {formatNaira(transaction.amount)}
    </td>
  );
}

export function TransactionsTable({
  first,
  filter,
  timeZone,
}: {
  first: TransactionPage;
  filter: { start: string; end: string };
  timeZone: string;
}) {
  const pages = useTransactionPages(first, filter);
  if (!first.ok) return <Alert>{first.error}</Alert>;
  if (pages.transactions.length === 0) return <p className="px-4 py-8 text-center text-slate-600">{walletTexts.noTransactions}</p>;
  return (
    <div>
      <div className="-mx-4 overflow-x-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{t.transactions}</caption>
          <thead>
            <tr className="border-b border-slate-200 text-left text-xs uppercase tracking-wide text-slate-500">
              <th scope="col" className="px-4 py-2 font-semibold">
                {t.date}
              </th>
              <th scope="col" className="px-4 py-2 font-semibold">
                {t.type}
              </th>
              <th scope="col" className="px-4 py-2 text-right font-semibold">
                {t.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.transactions.map((transaction) => (
              <tr key={transaction.id} className="border-b border-slate-100 last:border-0" data-transaction-id={transaction.id}>
                <td className="whitespace-nowrap px-4 py-3 text-slate-700">{transactionDate(transaction.createdAt, timeZone)}</td>
                <td className="px-4 py-3 text-slate-900">{transactionTypeLabel(transaction.type)}</td>
                <AmountCell transaction={transaction} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages.error ? <Alert className="mt-3">{pages.error}</Alert> : null}
      {pages.nextCursor ? (
        <div className="pt-3 text-center">
          <Button variant="secondary" onClick={() => void pages.loadMore()} disabled={pages.loading}>
            {pages.loading ? t.loading : t.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
