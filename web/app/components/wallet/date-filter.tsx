/**
 * The transactions' start and end dates (docs/product/wallet.md: neither later than today) with
 * Clear. A plain GET form, so the filter lives in the URL (`?start=&end=`) and the loader applies
 * it; the end's earliest day follows the start as it is picked (the loader checks both rules
 * anyway).
 */
import { walletScreenTexts as t } from '@kora/contracts';
import { Form, Link } from '@remix-run/react';
import { useState } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { Input } from '~/components/ui/input';

export function DateFilter({ start, end, today, error }: { start: string; end: string; today: string; error: string | null }) {
  const [from, setFrom] = useState(start);
  return (
    <Form method="get" className="space-y-3" aria-label={t.filterTransactions}>
      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-[9rem] flex-1 space-y-1.5 text-sm font-medium text-slate-700">
          <span className="block">{t.startDate}</span>
          <Input type="date" name="start" max={today} defaultValue={start} onChange={(event) => setFrom(event.currentTarget.value)} />
        </label>
        <label className="min-w-[9rem] flex-1 space-y-1.5 text-sm font-medium text-slate-700">
          <span className="block">{t.endDate}</span>
          <Input type="date" name="end" max={today} min={from || undefined} defaultValue={end} />
        </label>
        <div className="flex gap-2">
          <Button type="submit" variant="secondary">
            {t.filter}
          </Button>
          <Link to="/wallet" className={buttonClasses('ghost')} preventScrollReset>
            {t.clear}
          </Link>
        </div>
      </div>
      {error ? <Alert>{error}</Alert> : null}
    </Form>
  );
}
