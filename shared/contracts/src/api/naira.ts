/**
 * Money at the edge (decision 023): naira numbers (at most 2 decimals) in the API, integer kobo
 * inside. A module of its own, re-exported with the wallet texts: what renders an amount (the
 * notifications' texts, on every page) must not take every wallet text into the browser's chunk.
 */
/** Naira (at most 2 decimals) to kobo; callers validate the decimals first. */
export function nairaToKobo(naira: number): number {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: number): number {
  return kobo / 100;
}

/** Whether `naira` has at most 2 decimal places (5000.5 yes, 0.001 no), tolerant of binary floats. */
export function hasAtMostTwoDecimals(naira: number): boolean {
  return Number.isFinite(naira) && Math.abs(naira * 100 - Math.round(naira * 100)) < 1e-6;
}

const nairaFormat = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 0, maximumFractionDigits: 2 });

/** ₦5,000 or ₦5,000.5 → "₦5,000.50": how every screen writes an amount. */
export function formatNaira(naira: number): string {
  const sign = naira < 0 ? '-' : '';
  const abs = Math.abs(naira);
  const text = Number.isInteger(abs)
    ? nairaFormat.format(abs)
    : abs.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${sign}₦${text}`;
}
