/**
 * /checkout?reference= — the sandbox's card page (decision 023; the product lists the route without
 * a screen): the amount of the member's own pending payment, the test card prefilled (the declined
 * card named for trying a failure) and "Pay ₦{amount}", which pays through the wallet service and
 * goes on to /payments/callback, like the provider's page would. Another member's or an unknown
 * reference answers 404 "Payment not found"; a payment already settled says so. While an admin has
 * payments turned off the page says so instead. Signed out → /login, then back here.
 */
import { paymentReference, sandboxPayBody, walletScreenTexts, walletTexts } from '@kora/contracts';
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { CheckoutView, type CheckoutActionData, type CheckoutData } from '~/components/wallet/checkout-view';
import { errorMessage, isApiError } from '~/utils/api.server';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { isPaymentsOff, paymentsOffText, paymentsOn } from '~/utils/wallet-page.server';
import { fetchPayment, sandboxPay } from '~/utils/wallet.server';
import { titleAndDescription } from '~/utils/page-meta';
import { formText } from '~/utils/form-submission';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(walletScreenTexts.checkout, siteNameFromMatches(matches)));

function referenceOf(request: Request): string | null {
  const reference = new URL(request.url).searchParams.get('reference') ?? '';
  return paymentReference.safeParse(reference).success ? reference : null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const reply = (answer: CheckoutData, status = 200) => data<CheckoutData>(answer, { status, headers });
  if (!(await paymentsOn(request))) return reply({ state: 'off', message: paymentsOffText() });
  const reference = referenceOf(request);
  if (!reference) return reply({ state: 'not-found', message: walletTexts.paymentNotFound }, 404);
  try {
    const payment = await fetchPayment(request, reference, token);
    if (payment.provider !== 'sandbox') return reply({ state: 'not-found', message: walletTexts.paymentNotFound }, 404);
    return reply({ state: 'ok', payment });
  } catch (error) {
    if (isPaymentsOff(error)) return reply({ state: 'off', message: paymentsOffText() });
    if (isApiError(error) && error.status === 404) return reply({ state: 'not-found', message: walletTexts.paymentNotFound }, 404);
    throw error;
  }
}

/**
 * Pays with the card typed (the test card unless changed). A card the API declines has failed the
 * payment: the member goes on to the callback like any other outcome and the wallet says so.
 */
export async function action({ request }: ActionFunctionArgs) {
  const session = await requireSession(request);
  const refuse = (error: string, status: number) => data<CheckoutActionData>({ error }, { status, headers: session.headers });
  const reference = referenceOf(request);
  if (!reference) return refuse(walletTexts.paymentNotFound, 404);
  const card = sandboxPayBody.safeParse({ cardNumber: formText(await request.formData(), 'cardNumber') });
  if (!card.success) return refuse(walletTexts.cardDeclined, 400);
  try {
    await sandboxPay(request, reference, card.data.cardNumber, session.token);
  } catch (error) {
    // The card was checked above, so a 400 now is the sandbox declining it (the payment is failed).
    const declined = isApiError(error) && error.status === 400;
    if (!declined)
      return refuse(errorMessage(error, walletTexts.couldNotInitiate), isApiError(error) && error.status < 500 ? error.status : 502);
  }
  return redirect(`/payments/callback?${new URLSearchParams({ reference })}`, { headers: session.headers });
}

export default function Checkout() {
  return <CheckoutView loaded={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
