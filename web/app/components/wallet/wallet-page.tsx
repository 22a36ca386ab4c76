/**
 * The /wallet page body (docs/product/wallet.md): the balance with the top-up form, the link to
 * /payments, how the last payment went, the date filters and the transactions table; or payments
 * off.
 */
import { formatNaira, walletScreenTexts as t, walletTexts } from '@kora/contracts';
import { Link } from '@remix-run/react';
import { WalletIcon } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { Card, CardBody, CardHeader, CardTitle } from '~/components/ui/card';
import { PageHeader } from '~/components/ui/page-header';
import { DateFilter } from './date-filter';
import { PaymentsOff } from './payments-off';
import { TopUpForm } from './top-up-form';
import { TransactionsTable } from './transactions-table';
import type { TransactionPage, WalletPageData } from './types';

/** A new filter or a new newest transaction starts the table's pages again. */
function tableKey(start: string, end: string, page: TransactionPage): string {
  return `${start}|${end}|${page.ok ? (page.transactions[0]?.id ?? 'none') : 'failed'}`;
}

export function WalletPage({ loaded }: { loaded: WalletPageData }) {
  if (loaded.state === 'off') return <PaymentsOff message={loaded.message} />;
  return (
    <section className="space-y-4">
      <PageHeader
        icon={WalletIcon}
        title={walletTexts.walletTitle}
        action={
          <Link to="/payments" className={buttonClasses('secondary', 'sm')}>
            {t.payments}
          </Link>
        }
      />
      {loaded.notice ? <Alert tone={loaded.notice.tone}>{loaded.notice.text}</Alert> : null}
      <Card>
        <CardBody className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] sm:items-end">
          <div>
            <p className="text-sm font-medium text-slate-600" id="balance-label">
              {t.balance}
            </p>
            <p
              className="mt-1 break-words text-3xl font-bold tracking-tight text-slate-900"
              aria-labelledby="balance-label"
              data-balance=""
            >
              {loaded.balance === null ? '—' : formatNaira(loaded.balance)}
            </p>
            {loaded.balance === null ? <p className="mt-1 text-sm text-red-700">{t.loadBalanceFailed}</p> : null}
          </div>
          <TopUpForm defaultAmount={loaded.amount} />
        </CardBody>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t.transactions}</CardTitle>
        </CardHeader>
        <CardBody className="space-y-4">
          <DateFilter
            key={`${loaded.start}|${loaded.end}`}
            start={loaded.start}
            end={loaded.end}
            today={loaded.today}
            error={loaded.filterError}
          />
          {loaded.page ? (
            <TransactionsTable
              key={tableKey(loaded.start, loaded.end, loaded.page)}
              first={loaded.page}
              filter={loaded}
              timeZone={loaded.timeZone}
            />
          ) : null}
        </CardBody>
      </Card>
    </section>
  );
}
