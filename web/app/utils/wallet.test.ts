import { walletLimits, walletTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import {
  dayIn,
  isCredit,
  newIdempotencyKey,
  parseDateFilter,
  parseTopUpAmount,
  shortfall,
  transactionDate,
  transactionTypeLabel,
} from './wallet';

describe('transactionDate', () => {
  it('writes MMM d, yyyy on the day of the site time zone', () => {
    expect(transactionDate('2024-01-05T10:00:00.000Z', 'Africa/Lagos')).toBe('Jan 5, 2024');
    // 23:30 UTC on Jan 4 is already Jan 5 in Lagos (UTC+1): the day the filters count it in.
    expect(transactionDate('2024-01-04T23:30:00.000Z', 'Africa/Lagos')).toBe('Jan 5, 2024');
    expect(transactionDate('2024-01-04T23:30:00.000Z', 'UTC')).toBe('Jan 4, 2024');
    expect(transactionDate('2025-12-31T12:00:00.000Z', 'UTC')).toBe('Dec 31, 2025');
    expect(transactionDate('not a date', 'UTC')).toBe('');
  });
});

describe('dayIn', () => {
  it('is the calendar day in the zone', () => {
    const now = new Date('2026-03-01T23:30:00.000Z');
    expect(dayIn('UTC', now)).toBe('2026-03-01');
    expect(dayIn('Africa/Lagos', now)).toBe('2026-03-02');
    expect(dayIn('America/New_York', now)).toBe('2026-03-01');
  });
});

describe('transaction types', () => {
  it('are words, credits and debits told apart', () => {
    expect(['top_up', 'package_purchase', 'refund'].map((type) => transactionTypeLabel(type as 'top_up'))).toEqual([
      'Top-up',
      'Package purchase',
      'Refund',
    ]);
    expect(isCredit('top_up')).toBe(true);
    expect(isCredit('refund')).toBe(true);
    expect(isCredit('package_purchase')).toBe(false);
  });
});

describe('parseTopUpAmount', () => {
  it('reads amounts as members write them', () => {
    expect(parseTopUpAmount('5000')).toEqual({ ok: true, value: 5000 });
    expect(parseTopUpAmount(' 5,000.50 ')).toEqual({ ok: true, value: 5000.5 });
    expect(parseTopUpAmount('₦1,000,000')).toEqual({ ok: true, value: walletLimits.maxTopUpNaira });
    expect(parseTopUpAmount('0.01')).toEqual({ ok: true, value: 0.01 });
  });

  it('refuses what is not an amount above 0, too much, or finer than kobo', () => {
    for (const text of ['', '0', '0.00', '-5', 'abc', '1e3', '5..0', 'Infinity', 'NaN', '.5']) {
      expect(parseTopUpAmount(text)).toEqual({ ok: false, error: walletTexts.amountInvalid });
    }
    expect(parseTopUpAmount('10.001')).toEqual({ ok: false, error: walletTexts.amountDecimals });
    expect(parseTopUpAmount('1000000.01')).toEqual({ ok: false, error: walletTexts.amountTooLarge });
  });

  it('gives back the kobo of every amount written with 2 decimals (binary floats notwithstanding)', () => {
    // Every kobo up to ₦2,000, then a spread up to the limit (a prime step hits every last digit).
    const kobos = [
      ...Array.from({ length: 200_000 }, (_, i) => i + 1),
      ...Array.from({ length: 10_000 }, (_, i) => 1 + i * 9_973),
      walletLimits.maxTopUpNaira * 100,
    ];
    const wrong = kobos.filter((kobo) => {
      const parsed = parseTopUpAmount((kobo / 100).toFixed(2));
      return !parsed.ok || Math.round(parsed.value * 100) !== kobo;
    });
    expect(wrong).toEqual([]);
  });
});

describe('parseDateFilter', () => {
  const today = '2026-03-10';

  it('takes days up to today, blanks as no filter', () => {
    expect(parseDateFilter('2026-03-01', '2026-03-10', today)).toEqual({ ok: true, value: { start: '2026-03-01', end: '2026-03-10' } });
    expect(parseDateFilter('', null, today)).toEqual({ ok: true, value: {} });
    expect(parseDateFilter(null, '2026-03-05', today)).toEqual({ ok: true, value: { end: '2026-03-05' } });
    expect(parseDateFilter('2026-03-05', '2026-03-05', today)).toEqual({ ok: true, value: { start: '2026-03-05', end: '2026-03-05' } });
  });

  it('refuses a day after today, an end before the start, and what is not a day', () => {
    expect(parseDateFilter('2026-03-11', null, today)).toEqual({ ok: false, error: walletTexts.dateInFuture });
    expect(parseDateFilter(null, '2027-01-01', today)).toEqual({ ok: false, error: walletTexts.dateInFuture });
    expect(parseDateFilter('2026-03-05', '2026-03-04', today)).toEqual({ ok: false, error: walletTexts.dateOrder });
    expect(parseDateFilter('2026-02-30', null, today)).toEqual({ ok: false, error: walletTexts.dateInvalid });
    expect(parseDateFilter('03/05/2026', null, today)).toEqual({ ok: false, error: walletTexts.dateInvalid });
  });
});

describe('shortfall', () => {
  it('is what the balance lacks, exact to the kobo', () => {
    expect(shortfall(5000, 6050)).toBe(1050);
    expect(shortfall(6050, 6050)).toBe(0);
    expect(shortfall(7000, 6050)).toBe(0);
    expect(shortfall(0.1, 0.3)).toBe(0.2);
    expect(shortfall(6049.99, 6050)).toBe(0.01);
  });
});

describe('newIdempotencyKey', () => {
  it('is new each time and a valid header value', () => {
    const keys = new Set(Array.from({ length: 50 }, newIdempotencyKey));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
