/**
 * The sandbox checkout (decision 023): a card form for one pending payment, prefilled with the test
 * card that pays, the declined card named for trying a failure; or the payment's outcome when it is
 * settled already; or "Payment not found".
 */
import {
  formatNaira,
  SANDBOX_DECLINED_CARD,
  SANDBOX_SUCCESS_CARD,
  walletScreenTexts as t,
  walletTexts,
  type Payment,
} from '@kora/contracts';
import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { useId } from 'react';
import { LockIcon, WalletIcon } from 'lucide-react';
import { Alert } from '~/components/ui/alert';
import { buttonClasses } from '~/components/ui/button';
import { Card, CardBody } from '~/components/ui/card';
import { EmptyState } from '~/components/ui/empty-state';
import { Input } from '~/components/ui/input';
import { SubmitButton } from '~/components/ui/submit-button';
import { PaymentsOff } from './payments-off';

export type CheckoutData = { state: 'off'; message: string } | { state: 'not-found'; message: string } | { state: 'ok'; payment: Payment };

export interface CheckoutActionData {
  error: string;
}

/** "4084 0840 8408 4081": a card number in groups of four, as printed. */
export function cardGroups(number: string): string {
  return number.replace(/\s+/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');
}

const settledText = {
  success: (p: Payment) => walletTexts.paymentSuccessful(p.reference),
  failed: () => walletTexts.paymentFailed,
} as const;

function CardForm({ payment }: { payment: Payment }) {
  const answer = useActionData<CheckoutActionData>();
  const busy = useNavigation().state !== 'idle';
  const cardId = useId();
  return (
    <Form method="post" className="space-y-4" aria-label={t.cardPayment}>
      <div className="space-y-1.5">
        <label htmlFor={cardId} className="block text-sm font-medium text-slate-700">
          {t.cardNumber}
        </label>
        <Input
          id={cardId}
          name="cardNumber"
          inputMode="numeric"
          autoComplete="off"
          defaultValue={cardGroups(SANDBOX_SUCCESS_CARD)}
          required
        />
        <p className="text-xs text-slate-500">
          {walletTexts.testCard}: {t.testCardHint(cardGroups(SANDBOX_DECLINED_CARD))}
        </p>
      </div>
      {answer?.error ? <Alert>{answer.error}</Alert> : null}
      <SubmitButton busy={busy} busyLabel={t.paying} size="lg" className="w-full">
        <LockIcon className="size-4" />
        {walletTexts.pay(formatNaira(payment.amount))}
      </SubmitButton>
    </Form>
  );
}

export function CheckoutView({ loaded }: { loaded: CheckoutData }) {
  if (loaded.state === 'off') return <PaymentsOff message={loaded.message} />;
  if (loaded.state === 'not-found') {
    return (
      <Card className="pb-8 text-center">
        <EmptyState icon={WalletIcon} title={loaded.message} titleAs="h1" />
        <Link to="/wallet" className={buttonClasses('primary')}>
          {t.backToWallet}
        </Link>
      </Card>
    );
  }
  const { payment } = loaded;
  return (
    <Card className="mx-auto max-w-md">
      <CardBody className="space-y-5 p-6">
        <div className="text-center">
          <h1 className="text-xs font-semibold uppercase tracking-wider text-amber-700">{t.testCheckout}</h1>
          <p className="mt-1 text-3xl font-bold tracking-tight text-slate-900" data-amount="">
            {formatNaira(payment.amount)}
          </p>
          <p className="mt-1 break-all text-xs text-slate-500">{t.reference(payment.reference)}</p>
        </div>
        {payment.status === 'pending' ? (
          <CardForm payment={payment} />
        ) : (
          <>
            <Alert tone={payment.status === 'success' ? 'success' : 'error'}>{settledText[payment.status](payment)}</Alert>
            <Link to="/wallet" className={buttonClasses('primary', 'md', 'w-full')}>
              {t.backToWallet}
            </Link>
          </>
        )}
      </CardBody>
    </Card>
  );
}
