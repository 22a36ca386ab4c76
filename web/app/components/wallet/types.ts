/** What the wallet pages' loaders and actions answer, shared by the routes and their components. */
import type { Transaction } from '@kora/contracts';

/** A line about the payment the member came back from, or about the page's filters. */
export interface WalletNotice {
  tone: 'success' | 'error' | 'info';
  text: string;
}

/** A page of transactions, or why they could not be loaded. */
export type TransactionPage = { ok: true; transactions: Transaction[]; nextCursor: string | null } | { ok: false; error: string };

export type WalletPageData =
  | { state: 'off'; message: string }
  | {
      state: 'ok';
      /** Naira; null when it could not be loaded. */
      balance: number | null;
      timeZone: string;
      today: string;
      /** The filter as typed (kept in the fields even when refused). */
      start: string;
      end: string;
      /** Why the filter was refused (nothing was loaded then). */
      filterError: string | null;
      page: TransactionPage | null;
      notice: WalletNotice | null;
      /** `?amount=`: prefilled (the packages page's top-up offer sends the missing amount). */
      amount: string;
    };

/** The top-up form's answer when it did not go to the provider. */
export interface TopUpActionData {
  error: string;
}

/** The route the pages' "more transactions" and the form post to. */
export const TRANSACTIONS_RESOURCE = '/resources/wallet/transactions';
