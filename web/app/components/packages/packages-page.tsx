/**
 * The /packages page body: title and subtitle (docs/product/wallet.md), the member's current plan,
 * the two plan cards, and the purchase dialog (loaded the first time Buy Now is pressed); or
 * payments off, or the reason the plans could not be loaded.
 */
import { packagePlan, walletScreenTexts, walletTexts, type PackagePlan } from '@kora/contracts';
import { useRef, useState } from 'react';
import { PackageIcon } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { lazyComponent, OnceOpened } from '~/components/ui/lazy';
import { LoadError } from '~/components/ui/load-error';
import { PageHeader } from '~/components/ui/page-header';
import { PaymentsOff } from '~/components/wallet/payments-off';
import { newIdempotencyKey, planEndDate } from '~/utils/wallet';
import { PlanCard } from './plan-card';
import type { PackagesPageData } from './types';

const PurchaseDialog = lazyComponent(() => import('./purchase-dialog').then((m) => m.PurchaseDialog));

/** The plan being bought and the Idempotency-Key of this opening of the dialog. */
interface Buying {
  plan: PackagePlan;
  key: string;
}

export function PackagesPage({ loaded }: { loaded: PackagesPageData }) {
  const [buying, setBuying] = useState<Buying | null>(null);
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  if (loaded.state === 'off') return <PaymentsOff message={loaded.message} />;
  if (loaded.state === 'error') return <LoadError message={loaded.message} />;
  const current = loaded.membership;
  return (
    <section className="space-y-4">
      <PageHeader icon={PackageIcon} title={walletTexts.packagesTitle}>
        {walletTexts.packagesSubtitle}
      </PageHeader>
      {current ? (
        <Alert tone="success">
          {walletScreenTexts.yourPlan} <strong>{packagePlan(current.packageId)?.name ?? current.packageId}</strong>{' '}
          {walletScreenTexts.planUntil(planEndDate(current.activeUntil))}
        </Alert>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {loaded.plans.map((plan, index) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            featured={index === loaded.plans.length - 1}
            onBuy={(button) => {
              opener.current = button;
              setBuying({ plan, key: newIdempotencyKey() });
              setOpen(true);
            }}
          />
        ))}
      </div>
      {buying ? (
        <OnceOpened open={open}>
          <PurchaseDialog
            key={buying.key}
            open={open}
            onOpenChange={setOpen}
            plan={buying.plan}
            idempotencyKey={buying.key}
            balance={loaded.balance}
            opener={opener}
          />
        </OnceOpened>
      ) : null}
    </section>
  );
}
