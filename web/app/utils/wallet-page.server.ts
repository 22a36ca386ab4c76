/**
 * What the wallet, payments, checkout and packages pages' loaders and actions share: whether
 * payments are on (the layout's cached answer, and the gateway's 404 FEATURE_DISABLED for a switch
 * made since), the site's calendar, and starting a card top-up (the product's initialize call with
 * the member's own e-mail and id, then off to the provider's page).
 */
import { ErrorCode, walletScreenTexts, walletTexts } from '@kora/contracts';
import { redirect } from '@remix-run/node';
import type { WalletNotice } from '~/components/wallet/types';
import { dayIn } from '~/utils/wallet';
import { errorMessage, isApiError } from './api.server';
import { getServerEnv } from './env.server';
import type { MemberSession } from './session.server';
import { fetchGeneralSettings } from './settings.server';
import { featureOn } from './site-info.server';
import { fetchPayment, initializePayment } from './wallet.server';

export function paymentsOn(request: Request): Promise<boolean> {
  return featureOn(request, 'payments');
}

/** The gateway refused because payments were turned off (after the cached answer said on). */
export function isPaymentsOff(error: unknown): boolean {
  return isApiError(error) && error.code === ErrorCode.FeatureDisabled;
}

/** What the payment pages say while an admin has payments turned off ("Payments are turned off on this site."). */
export function paymentsOffText(): string {
  return walletScreenTexts.paymentsOff;
}

/** The site's time zone and the day it is there now (the wallet's date filters cannot pass it). */
export function siteCalendar(now = new Date()): { timeZone: string; today: string } {
  const timeZone = getServerEnv().KORA_TIME_ZONE;
  return { timeZone, today: dayIn(timeZone, now) };
}

/**
 * Where the browser goes to pay. The sandbox's page is this site's own /checkout: sent there by
 * path, so the member stays on the address they signed in at (the wallet service's PUBLIC_URL may
 * name the site differently, e.g. localhost for 127.0.0.1, where the sign-in cookie is not sent).
 */
export function checkoutLocation(authorizationUrl: string, reference: string): string {
  if (!URL.canParse(authorizationUrl)) return authorizationUrl;
  const url = new URL(authorizationUrl);
  const ownCheckout = url.pathname === '/checkout' && url.searchParams.get('reference') === reference;
  return ownCheckout ? `/checkout?${new URLSearchParams({ reference })}` : authorizationUrl;
}

/**
 * Starts a top-up of `amount` naira for the signed-in member and answers the redirect to the
 * provider's page, or the text to show: the server's refusal, else "Could not initialize payment".
 */
export async function startTopUp(
  request: Request,
  session: MemberSession,
  amount: number,
): Promise<Response | { error: string; status: number }> {
  try {
    const { user_email: email } = await fetchGeneralSettings(request, session.token);
    if (!email) return { error: walletTexts.emailRequired, status: 400 };
    const answer = await initializePayment(request, { email, amount, metadata: { userId: session.identity.userId } }, session.token);
    return redirect(checkoutLocation(answer.authorization_url, answer.reference), { headers: session.headers });
  } catch (error) {
    if (isPaymentsOff(error)) return { error: paymentsOffText(), status: 404 };
    return {
      error: errorMessage(error, walletTexts.couldNotInitialize),
      status: isApiError(error) && error.status < 500 ? error.status : 502,
    };
  }
}

/**
 * What the wallet says about the payment the member came back from (`?reference=`): read from the
 * wallet service, never from the URL, so a link cannot make the page claim a payment succeeded.
 */
export async function paymentNotice(request: Request, reference: string | null, token: string | null): Promise<WalletNotice | null> {
  if (!reference) return null;
  try {
    const payment = await fetchPayment(request, reference, token);
    if (payment.status === 'success') return { tone: 'success', text: walletTexts.paymentSuccessful(payment.reference) };
    if (payment.status === 'failed') return { tone: 'error', text: walletTexts.paymentFailed };
    return { tone: 'info', text: walletTexts.paymentPending };
  } catch (error) {
    return { tone: 'error', text: errorMessage(error, walletTexts.paymentNotFound) };
  }
}
