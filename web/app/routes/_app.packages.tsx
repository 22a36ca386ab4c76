/**
 * /packages (docs/product/wallet.md): "Pro Packages", "Choose the Plan That's Right for You",
 * the two plans from the API with their prices, days and perks, and the member's current plan. Buy
 * Now opens a confirmation showing the balance (ours: the product gives the button no behaviour);
 * the purchase is paid from the wallet with an Idempotency-Key made once per opening, or, when the
 * balance is short, the dialog offers a top-up of the missing amount. While an admin has payments
 * turned off the page says so instead. Signed out → /login.
 */
import { walletScreenTexts, walletTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { PackagesPage } from '~/components/packages/packages-page';
import type { PackagesPageData, PurchaseActionData } from '~/components/packages/types';
import { errorMessage, isApiError } from '~/utils/api.server';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { isPaymentsOff, paymentsOffText, paymentsOn } from '~/utils/wallet-page.server';
import { fetchBalance, fetchMembership, fetchPackages, purchasePackage } from '~/utils/wallet.server';
import { titleAndDescription } from '~/utils/page-meta';
import { formText } from '~/utils/form-submission';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(walletTexts.packagesTitle, siteNameFromMatches(matches)));

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const reply = (answer: PackagesPageData) => data<PackagesPageData>(answer, { headers });
  if (!(await paymentsOn(request))) return reply({ state: 'off', message: paymentsOffText() });
  try {
    const [plans, membership, balance] = await Promise.all([
      fetchPackages(request, token),
      fetchMembership(request, token).catch((error: unknown) => {
        if (isPaymentsOff(error)) throw error;
        return null;
      }),
      fetchBalance(request, token).catch(() => null),
    ]);
    return reply({ state: 'ok', plans, membership, balance });
  } catch (error) {
    if (isPaymentsOff(error)) return reply({ state: 'off', message: paymentsOffText() });
    return reply({ state: 'error', message: errorMessage(error, walletScreenTexts.loadPackagesFailed) });
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireSession(request);
  const reply = (answer: PurchaseActionData, status = 200) => data<PurchaseActionData>(answer, { status, headers: session.headers });
  const form = await request.formData();
  const packageId = formText(form, 'packageId');
  const key = formText(form, 'idempotencyKey');
  try {
    const bought = await purchasePackage(request, packageId, key, session.token);
    return reply({ ok: true, packageId, membership: bought.membership, balance: bought.balance });
  } catch (error) {
    if (isPaymentsOff(error)) return reply({ ok: false, error: paymentsOffText(), short: false }, 404);
    const status = isApiError(error) && error.status < 500 ? error.status : 502;
    return reply({ ok: false, error: errorMessage(error, walletScreenTexts.purchaseFailed), short: status === 402 }, status);
  }
}

export default function Packages() {
  return <PackagesPage loaded={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
