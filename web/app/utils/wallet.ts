/**
 * The wallet pages' pure parts (browser-safe, no schema library): how a transaction's date, type
 * and amount read, what a typed amount means, which date filters are allowed, and what a purchase
 * is short of. Server and browser must render the same text (hydration), so dates take the time
 * zone and "today" from the loader instead of reading the machine's clock or zone.
 */
import {
  currentLocale,
  hasAtMostTwoDecimals,
  intlLocale,
  walletLimits,
  walletScreenTexts,
  walletTexts,
  type TransactionType,
} from '@kora/contracts';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The page's language; English keeps the product's own pattern (MMM d, yyyy, as en-US writes it)
 * rather than the app's en-NG day-first one.
 */
function dateFormat(timeZone: string): Intl.DateTimeFormat {
  const { language } = currentLocale();
  const locale = language === 'en' ? 'en-US' : intlLocale(language);
  const key = `${locale}|${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone });
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * "Jan 5, 2024" (docs/product/wallet.md: MMM d, yyyy) in the page's language, the day in `timeZone`:
 * the site's, the one the date filters count days in, so a row shows the day it is filtered under.
 */
export function transactionDate(value: string, timeZone: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateFormat(timeZone).format(date);
}

/** A plan's end ("Jan 5, 2024" in English): an instant, so in the member's own time zone. */
export function planEndDate(value: string): string {
  return transactionDate(value, currentLocale().timeZone);
}

const isoDay = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) `now` falls on in `timeZone`. */
export function dayIn(timeZone: string, now: Date): string {
  let format = isoDay.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit', timeZone });
    isoDay.set(timeZone, format);
  }
  return format.format(now);
}

/** A transaction's type in words, read at render (in the page's language). */
export function transactionTypeLabel(type: TransactionType): string {
  switch (type) {
    case 'top_up':
      return walletScreenTexts.typeTopUp;
    case 'package_purchase':
      return walletScreenTexts.typePackagePurchase;
    case 'refund':
      return walletScreenTexts.typeRefund;
  }
}

/** Whether the money came into the wallet (a top-up, a refund) rather than left it (a purchase). */
export function isCredit(type: TransactionType): boolean {
  return type !== 'package_purchase';
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * A typed top-up amount in naira: a plain decimal number above 0, at most the top-up limit, with at
 * most 2 decimals (kobo). "5,000" and "₦5000" are read as members write them.
 */
export function parseTopUpAmount(text: string): Parsed<number> {
  const cleaned = text.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return { ok: false, error: walletTexts.amountInvalid };
  const naira = Number(cleaned);
  if (!(naira > 0)) return { ok: false, error: walletTexts.amountInvalid };
  if (!hasAtMostTwoDecimals(naira)) return { ok: false, error: walletTexts.amountDecimals };
  if (naira > walletLimits.maxTopUpNaira) return { ok: false, error: walletTexts.amountTooLarge };
  return { ok: true, value: naira };
}

export interface DateFilter {
  start?: string;
  end?: string;
}

function isDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * The wallet's `?start=&end=` (docs/product/wallet.md: neither later than today; ours: start on or
 * before end). Blank values are no filter. ISO days compare as text.
 */
export function parseDateFilter(start: string | null, end: string | null, today: string): Parsed<DateFilter> {
  const filter: DateFilter = {};
  for (const [key, raw] of [
    ['start', start],
    ['end', end],
  ] as const) {
    const value = raw?.trim() ?? '';
    if (!value) continue;
    if (!isDay(value)) return { ok: false, error: walletTexts.dateInvalid };
    if (value > today) return { ok: false, error: walletTexts.dateInFuture };
    filter[key] = value;
  }
  if (filter.start && filter.end && filter.start > filter.end) return { ok: false, error: walletTexts.dateOrder };
  return { ok: true, value: filter };
}

/** How much the balance is short of a price, in naira (0 when it covers it), exact to the kobo. */
export function shortfall(balance: number, price: number): number {
  const missingKobo = Math.round(price * 100) - Math.round(balance * 100);
  return missingKobo > 0 ? missingKobo / 100 : 0;
}

/** An Idempotency-Key for one purchase dialog: 32 hex digits (getRandomValues works on plain http too). */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
