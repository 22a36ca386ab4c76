/**
 * /resources/wallet/transactions?start=&end=&cursor= — GET: a further page of the member's
 * transactions for /wallet's "Load more" (the filter checked as the page checks it). Failures
 * answer the API's error body with its status ("Failed to load transactions" when it gave none).
 */
import { ErrorCode, errorBody, walletTexts } from '@kora/contracts';
import { data, type LoaderFunctionArgs } from '@remix-run/node';
import type { TransactionPage } from '~/components/wallet/types';
import { errorAnswer, errorStatus } from '~/utils/api.server';
import { requireSession } from '~/utils/session.server';
import { parseDateFilter } from '~/utils/wallet';
import { siteCalendar } from '~/utils/wallet-page.server';
import { fetchTransactions } from '~/utils/wallet.server';

export async function loader({ request }: LoaderFunctionArgs) {
  const { token, headers } = await requireSession(request, { resource: true });
  const url = new URL(request.url);
  const filter = parseDateFilter(url.searchParams.get('start'), url.searchParams.get('end'), siteCalendar().today);
  if (!filter.ok) return data(errorBody(filter.error, ErrorCode.ValidationFailed), { status: 400, headers });
  const cursor = url.searchParams.get('cursor');
  try {
    const page = await fetchTransactions(request, { ...filter.value, cursor }, token);
    return data<TransactionPage>({ ok: true, ...page }, { headers });
  } catch (error) {
    return data(errorAnswer(error, walletTexts.loadTransactionsFailed), { status: errorStatus(error), headers });
  }
}
