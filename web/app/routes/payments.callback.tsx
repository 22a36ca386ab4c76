/**
 * /payments/callback?reference= — where the provider sends the member back after paying (Paystack's
 * callback URL, and the sandbox checkout's next step). It asks the wallet service to verify the
 * payment now (crediting it once when paid), then shows the wallet, which reads the payment's state
 * and says "Payment successful! Reference: {ref}" or the failure or pending text. No page of its
 * own: outside the member layout so nothing else loads on the way. Signed out → /login, then back.
 */
import { paymentReference } from '@kora/contracts';
import { redirect, type LoaderFunctionArgs } from '@remix-run/node';
import { requireSession } from '~/utils/session.server';
import { verifyPayment } from '~/utils/wallet.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const reference = new URL(request.url).searchParams.get('reference') ?? '';
  if (!paymentReference.safeParse(reference).success) return redirect('/wallet', { headers });
  try {
    await verifyPayment(request, reference, token);
  } catch {
    // Not verified now (provider slow, another member's reference): the wallet says what the
    // payment's state is, or that it was not found; the webhook still credits a paid one.
  }
  return redirect(`/wallet?${new URLSearchParams({ reference })}`, { headers });
}
