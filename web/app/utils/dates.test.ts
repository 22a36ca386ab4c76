import { inLocale, loadLanguage } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { dayMonthLabel, formatDateTime, joinedLabel, timeAgo } from './dates';

describe('joinedLabel', () => {
  it('shows month and year', () => {
    expect(joinedLabel('2026-01-05T10:00:00.000Z')).toBe('Joined Jan 2026');
    expect(joinedLabel('2025-12-31T23:59:59.000Z')).toBe('Joined Dec 2025');
    expect(joinedLabel('not a date')).toBeNull();
  });
});

describe('dayMonthLabel', () => {
  it('names the day of the year looked at', () => {
    expect(dayMonthLabel('2026-01-05')).toBe('5 January');
    expect(dayMonthLabel('2026-12-31T00:00:00.000Z')).toBe('31 December');
    expect(dayMonthLabel('soon')).toBe('');
  });
});

describe('formatDateTime', () => {
  it('uses UTC so server and browser agree', () => {
    expect(formatDateTime('2026-01-05T14:03:00.000Z')).toBe('5 Jan 2026, 14:03 UTC');
  });
});

describe('timeAgo', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it.each([
    ['2026-03-10T11:59:50.000Z', 'just now'],
    ['2026-03-10T11:55:00.000Z', '5 minutes ago'],
    ['2026-03-10T09:00:00.000Z', '3 hours ago'],
    ['2026-03-09T12:00:00.000Z', 'yesterday'],
    ['2025-12-10T12:00:00.000Z', '3 months ago'],
  ])('%s → %s', (value, text) => {
    expect(timeAgo(value, now)).toBe(text);
  });
});

describe('timeAgo in a language browsers have no Intl data for', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');
  it.each([
    ['2026-03-10T11:55:00.000Z', '5 minutes wey don pass'],
    ['2026-03-10T11:00:00.000Z', '1 hour wey don pass'],
    ['2026-03-09T12:00:00.000Z', 'yesterday'],
    ['2026-03-06T12:00:00.000Z', '4 days wey don pass'],
  ])('%s → %s', async (value, text) => {
    await loadLanguage('pcm');
    expect(inLocale({ language: 'pcm' }, () => timeAgo(value, now))).toBe(text);
  });
});
