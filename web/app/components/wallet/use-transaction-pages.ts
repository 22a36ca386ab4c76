/**
 * The transactions shown so far and the next page's cursor: the loader's first page, then pages
 * fetched from /resources/wallet/transactions with the same filter. Plain fetch (not a fetcher) so
 * loading a page does not reload the wallet's loader.
 */
import type { Transaction } from '@kora/contracts';
import { walletTexts } from '@kora/contracts';
import { useState } from 'react';
import { resourceJson } from '~/utils/resource-json';
import { TRANSACTIONS_RESOURCE, type TransactionPage } from './types';

type Loaded = Extract<TransactionPage, { ok: true }>;

export function useTransactionPages(first: TransactionPage, filter: { start: string; end: string }) {
  const [more, setMore] = useState<Transaction[]>([]);
  const [nextCursor, setNextCursor] = useState(first.ok ? first.nextCursor : null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function loadMore() {
    if (!nextCursor || loading) return;
    setLoading(true);
    setError(null);
    const query = new URLSearchParams({ cursor: nextCursor });
    if (filter.start) query.set('start', filter.start);
    if (filter.end) query.set('end', filter.end);
    const answer = await resourceJson<Loaded>(`${TRANSACTIONS_RESOURCE}?${query}`, {}, walletTexts.loadTransactionsFailed);
    setLoading(false);
    if (!answer.ok) {
      setError(answer.error);
      return;
    }
    // A transaction made since the first page may shift the pages by one: never show a row twice.
    setMore((shown) => {
      const seen = new Set([...(first.ok ? first.transactions : []), ...shown].map((t) => t.id));
      return [...shown, ...answer.data.transactions.filter((t) => !seen.has(t.id))];
    });
    setNextCursor(answer.data.nextCursor);
  }

  return { transactions: [...(first.ok ? first.transactions : []), ...more], nextCursor, loading, error, loadMore };
}
