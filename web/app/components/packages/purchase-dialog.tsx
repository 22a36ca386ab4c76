/**
 * Buy Now's confirmation (ours; decision 023): the plan, its price and the member's balance, then
 * Confirm, which buys it from the wallet with the Idempotency-Key made when the dialog was opened
 * (a retried or doubled submit is one purchase), and shows the plan's new end date. When the
 * balance is short (known before, or the API's 402) it offers a top-up of the missing amount
 * instead. Radix Dialog traps focus and returns it to Buy Now on closing.
 */
import { formatNaira, walletLimits, walletScreenTexts as t, walletTexts, type PackagePlan } from '@kora/contracts';
import { Link, useFetcher } from '@remix-run/react';
import type { RefObject } from 'react';
import { Alert } from '~/components/ui/alert';
import { Button, buttonClasses } from '~/components/ui/button';
import { Modal } from '~/components/ui/dialog';
import { DialogActions } from '~/components/ui/dialog-actions';
import { planEndDate, shortfall } from '~/utils/wallet';
import { durationLabel } from './plan-card';
import type { PurchaseActionData } from './types';

function TopUpOffer({ missing }: { missing: number }) {
  const amount = Math.max(Math.ceil(missing * 100) / 100, walletLimits.inputMinNaira);
  return (
    <div className="space-y-3">
      <Alert tone="info">
        {walletTexts.insufficientBalance} {t.moreNeeded(formatNaira(missing))}
      </Alert>
      <Link to={`/wallet?${new URLSearchParams({ amount: String(amount) })}`} className={buttonClasses('primary', 'md', 'w-full')}>
        {t.topUpAmount(formatNaira(amount))}
      </Link>
    </div>
  );
}

export function PurchaseDialog({
  open,
  onOpenChange,
  plan,
  idempotencyKey,
  balance,
  opener,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  plan: PackagePlan;
  idempotencyKey: string;
  balance: number | null;
  /** Buy Now, which gets focus back on closing. */
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const fetcher = useFetcher<PurchaseActionData>();
  const busy = fetcher.state !== 'idle';
  const answer = fetcher.state === 'idle' ? fetcher.data : undefined;
  const bought = answer?.ok ? answer : null;
  const missing = balance === null ? 0 : shortfall(balance, plan.price);
  const short = !bought && (missing > 0 || (answer && !answer.ok && answer.short));

  return (
    <Modal open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))} title={t.buyPlan(plan.name)} returnFocusTo={opener}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">{t.plan}</dt>
        <dd className="text-right font-medium text-slate-900">
          {plan.name}, {durationLabel(plan.durationDays)}
        </dd>
        <dt className="text-slate-600">{t.price}</dt>
        <dd className="text-right font-medium text-slate-900">{formatNaira(plan.price)}</dd>
        <dt className="text-slate-600">{t.yourBalance}</dt>
        <dd className="text-right font-medium text-slate-900" data-dialog-balance="">
          {bought ? formatNaira(bought.balance) : balance === null ? '—' : formatNaira(balance)}
        </dd>
      </dl>
      <div className="mt-5">
        {bought ? (
          <div className="space-y-3">
            <Alert tone="success">{walletTexts.purchased(plan.name, planEndDate(bought.membership.activeUntil))}</Alert>
            <div className="flex justify-end">
              <Button onClick={() => onOpenChange(false)}>{t.done}</Button>
            </div>
          </div>
        ) : short ? (
          <TopUpOffer missing={missing > 0 ? missing : plan.price} />
        ) : (
          <fetcher.Form method="post" className="space-y-4">
            <input type="hidden" name="packageId" value={plan.id} />
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            {answer && !answer.ok ? <Alert>{answer.error}</Alert> : null}
            <DialogActions
              busy={busy}
              onCancel={() => onOpenChange(false)}
              submitLabel={walletTexts.pay(formatNaira(plan.price))}
              busyLabel={t.paying}
            />
          </fetcher.Form>
        )}
      </div>
    </Modal>
  );
}
