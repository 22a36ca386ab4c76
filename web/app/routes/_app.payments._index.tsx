/**
 * /payments (docs/product/wallet.md): "Complete Your Payment" and a Pay button for the fixed
 * ₦5,000, through the same card top-up as the wallet. While an admin has payments turned off the
 * page says so instead. Signed out → /login.
 */
import { formatNaira, walletLimits, walletScreenTexts, walletTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { WalletIcon } from 'lucide-react';
import { Card, CardBody } from '~/components/ui/card';
import { PaymentsOff } from '~/components/wallet/payments-off';
import { TopUpForm } from '~/components/wallet/top-up-form';
import type { TopUpActionData } from '~/components/wallet/types';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { paymentsOffText, paymentsOn, startTopUp } from '~/utils/wallet-page.server';
import { titleAndDescription } from '~/utils/page-meta';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(walletTexts.paymentsTitle, siteNameFromMatches(matches)));

type PaymentsData = { state: 'off'; message: string } | { state: 'ok' };

export async function loader({ request }: LoaderFunctionArgs) {
  const { headers } = await requireSession(request);
  const on = await paymentsOn(request);
  return data<PaymentsData>(on ? { state: 'ok' } : { state: 'off', message: paymentsOffText() }, { headers });
}

/** Always the fixed amount, whatever the form says: the page offers nothing else. */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireSession(request);
  const started = await startTopUp(request, session, walletLimits.paymentsPageNaira);
  return started instanceof Response
    ? started
    : data<TopUpActionData>({ error: started.error }, { status: started.status, headers: session.headers });
}

export default function Payments() {
  const loaded = useLoaderData<typeof loader>();
  if (loaded.state === 'off') return <PaymentsOff message={loaded.message} />;
  return (
    <Card className="mx-auto max-w-md">
      <CardBody className="space-y-5 p-6 text-center">
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <WalletIcon className="size-7" />
        </span>
        <div>
          <h1 className="text-xl font-bold tracking-tight text-slate-900">{walletTexts.paymentsTitle}</h1>
          <p className="mt-1 text-slate-600">
            {walletScreenTexts.topUpWith} <strong className="text-slate-900">{formatNaira(walletLimits.paymentsPageNaira)}</strong>{' '}
            {walletScreenTexts.byCard}
          </p>
        </div>
        <div className="flex justify-center">
          <TopUpForm fixedAmount={walletLimits.paymentsPageNaira} />
        </div>
        <Link to="/wallet" className="inline-block text-sm font-medium text-brand-700 hover:underline">
          {walletScreenTexts.backToWallet}
        </Link>
      </CardBody>
    </Card>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
