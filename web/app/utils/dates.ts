/**
 * Dates as members read them. Server and browser must render the same text (hydration), so these
 * take the reference time and use UTC rather than reading the clock or the machine's time zone.
 */

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const dayMonth = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', timeZone: 'UTC' });
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
});

function parse(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Joined Jan 2026" (profile header). */
export function joinedLabel(createdAt: string): string | null {
  const date = parse(createdAt);
  return date ? `Joined ${monthYear.format(date)}` : null;
}

/** "5 January" (Memories: the day looked at, from a date like 2026-01-05). */
export function dayMonthLabel(value: string): string {
  const date = parse(value);
  return date ? dayMonth.format(date) : '';
}

/** "5 Jan 2026, 14:03 UTC". */
export function formatDateTime(value: string | number | Date): string {
  const date = parse(value);
  return date ? `${dateTime.format(date)} UTC` : '';
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const STEPS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 30],
  ['month', 12],
  ['year', Number.POSITIVE_INFINITY],
];

/** "just now", "5 minutes ago", "yesterday", "3 months ago", relative to `now`. */
export function timeAgo(value: string | number | Date, now: number): string {
  const date = parse(value);
  if (!date) return '';
  let amount = (date.getTime() - now) / 1000;
  if (Math.abs(amount) < 45) return 'just now';
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size) return relative.format(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}
