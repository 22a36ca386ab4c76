/** One Pro package (docs/product/wallet.md): its name, price in naira, how long it lasts, its perks, Buy Now. */
import { formatNaira, walletScreenTexts as t, walletTexts, type PackagePlan } from '@kora/contracts';
import { CheckIcon, CrownIcon } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { cn } from '~/utils/misc';

export function durationLabel(days: number): string {
  return days === 365 ? t.oneYear : t.days(days);
}

/**
 * A plan's perks in the page's language, written from its numbers as the contracts write the API's
 * English list (plan-card.test.ts holds the two together).
 */
export function planPerks(plan: Pick<PackagePlan, 'boostPosts' | 'boostPages'>): string[] {
  return [
    t.perkFeatured,
    t.perkVerified,
    t.perkBoostPosts(plan.boostPosts),
    t.perkBoostPages(plan.boostPages),
    t.perkAllPermissions,
    t.perkHallOfFame,
  ];
}

/** `onBuy` gets the Buy Now button, for the dialog to give focus back to. */
export function PlanCard({ plan, featured, onBuy }: { plan: PackagePlan; featured?: boolean; onBuy: (button: HTMLButtonElement) => void }) {
  const headingId = `plan-${plan.id}`;
  return (
    <Card role="group" aria-labelledby={headingId} className={cn('flex flex-col p-5', featured && 'ring-2 ring-brand-500')}>
      <div className="flex items-center gap-2">
        <CrownIcon className={cn('size-5', featured ? 'text-amber-500' : 'text-brand-600')} />
        <h2 id={headingId} className="text-lg font-bold text-slate-900">
          {plan.name}
        </h2>
      </div>
      <p className="mt-3">
        <span className="text-3xl font-bold tracking-tight text-slate-900">{formatNaira(plan.price)}</span>
        <span className="text-slate-600"> / {durationLabel(plan.durationDays)}</span>
      </p>
      <ul className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        {planPerks(plan).map((perk) => (
          <li key={perk} className="flex gap-2">
            <CheckIcon className="mt-0.5 size-4 text-brand-600" />
            <span>{perk}</span>
          </li>
        ))}
      </ul>
      <Button
        className="mt-5 w-full"
        variant={featured ? 'primary' : 'secondary'}
        onClick={(event) => onBuy(event.currentTarget)}
        aria-describedby={headingId}
      >
        {walletTexts.buyNow}
      </Button>
    </Card>
  );
}
