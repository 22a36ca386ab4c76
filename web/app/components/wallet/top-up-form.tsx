/**
 * The amount and Pay button that start a card top-up (docs/product/wallet.md): the page's action
 * initializes the payment and sends the browser to the provider's page. With `fixedAmount` (the
 * payments page's ₦5,000) the amount is not asked. A refusal shows the server's text, else
 * "Could not initialize payment".
 */
import { formatNaira, walletLimits, walletScreenTexts as t, walletTexts } from '@kora/contracts';
import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useId } from 'react';
import { Alert } from '~/components/ui/alert';
import { Input } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import type { TopUpActionData } from './types';

export function TopUpForm({ fixedAmount, defaultAmount = '' }: { fixedAmount?: number; defaultAmount?: string }) {
  const answer = useActionData<TopUpActionData>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.formMethod?.toLowerCase() === 'post';
  const amountId = useId();
  const errorId = `${amountId}-error`;
  const error = answer?.error ?? null;

  return (
    <Form method="post" className="space-y-3" aria-label={t.topUp}>
      {fixedAmount === undefined ? (
        <div className="space-y-1.5">
          <label htmlFor={amountId} className="block text-sm font-medium text-slate-700">
            {t.amountLabel}
          </label>
          <Input
            id={amountId}
            name="amount"
            type="number"
            inputMode="decimal"
            min={walletLimits.inputMinNaira}
            max={walletLimits.maxTopUpNaira}
            step="0.01"
            required
            defaultValue={defaultAmount}
            placeholder="5000"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </div>
      ) : (
        <input type="hidden" name="amount" value={fixedAmount} />
      )}
      {error ? <Alert id={errorId}>{error}</Alert> : null}
      <SubmitButton busy={busy} busyLabel={t.openingCheckout} className="w-full sm:w-auto">
        {fixedAmount === undefined ? t.pay : walletTexts.pay(formatNaira(fixedAmount))}
      </SubmitButton>
    </Form>
  );
}
