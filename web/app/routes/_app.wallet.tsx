/**
 * /wallet (docs/product/wallet.md): the balance in naira, an amount field whose Pay button
 * starts a card top-up (initialize, then the provider's page), start and end date filters in the URL
 * (`?start=&end=`, neither after today, end not before start) with Clear, the transactions (Date,
 * Type, Amount; more pages on request), and a link to /payments. Back from a payment
 * (`?reference=`), it says how the payment went. While an admin has payments turned off the page
 * says so instead. Signed out → /login.
 */
import { walletTexts } from '@kora/contracts';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { TopUpActionData, TransactionPage, WalletPageData } from '~/components/wallet/types';
import { WalletPage } from '~/components/wallet/wallet-page';
import { errorMessage } from '~/utils/api.server';
import { requireSession } from '~/utils/session.server';
import { pageTitle, siteNameFromMatches } from '~/utils/site';
import { parseDateFilter, parseTopUpAmount } from '~/utils/wallet';
import { isPaymentsOff, paymentNotice, paymentsOffText, paymentsOn, siteCalendar, startTopUp } from '~/utils/wallet-page.server';
import { fetchBalance, fetchTransactions } from '~/utils/wallet.server';
import { titleAndDescription } from '~/utils/page-meta';
import { formText } from '~/utils/form-submission';

export const meta: MetaFunction = ({ matches }) => titleAndDescription(pageTitle(walletTexts.walletTitle, siteNameFromMatches(matches)));

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request);
  const reply = (answer: WalletPageData) => data<WalletPageData>(answer, { headers });
  if (!(await paymentsOn(request))) return reply({ state: 'off', message: paymentsOffText() });

  const url = new URL(request.url);
  const { timeZone, today } = siteCalendar();
  const start = url.searchParams.get('start') ?? '';
  const end = url.searchParams.get('end') ?? '';
  const filter = parseDateFilter(start, end, today);
  const loadPage = async (): Promise<TransactionPage | null> => {
    if (!filter.ok) return null;
    try {
      return { ok: true, ...(await fetchTransactions(request, filter.value, token)) };
    } catch (error) {
      if (isPaymentsOff(error)) throw error;
      return { ok: false, error: errorMessage(error, walletTexts.loadTransactionsFailed) };
    }
  };
  try {
    const [balance, page, notice] = await Promise.all([
      fetchBalance(request, token).catch(() => null),
      loadPage(),
      paymentNotice(request, url.searchParams.get('reference'), token),
    ]);
    return reply({
      state: 'ok',
      balance,
      timeZone,
      today,
      start,
      end,
      filterError: filter.ok ? null : filter.error,
      page,
      notice,
      amount: (url.searchParams.get('amount') ?? '').slice(0, 20),
    });
  } catch (error) {
    if (isPaymentsOff(error)) return reply({ state: 'off', message: paymentsOffText() });
    throw error;
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await requireSession(request);
  const refuse = (error: string, status: number) => data<TopUpActionData>({ error }, { status, headers: session.headers });
  const form = await request.formData();
  const amount = parseTopUpAmount(formText(form, 'amount'));
  if (!amount.ok) return refuse(amount.error, 400);
  const started = await startTopUp(request, session, amount.value);
  return started instanceof Response ? started : refuse(started.error, started.status);
}

export default function Wallet() {
  return <WalletPage loaded={useLoaderData<typeof loader>()} />;
}

export { GeneralErrorBoundary as ErrorBoundary } from '~/components/errors/general-error-boundary';
