/**
 * Dates as members read them: in the page's language and the member's time zone (decision 045;
 * anonymous visitors read UTC). Server and browser must render the same text (hydration), so these
 * take the reference time rather than reading the clock, and the browser formats in the language and
 * time zone the server rendered with (read from <html> before hydrating), never the device's own.
 */
import { currentLocale, dateTexts, intlLocale } from '@kora/contracts';

const formats = new Map<string, Intl.DateTimeFormat>();

/** A date format in the current language and, unless `utc`, the current time zone. */
export function dateFormat(options: Intl.DateTimeFormatOptions, utc = false): Intl.DateTimeFormat {
  const { language, timeZone } = currentLocale();
  const zone = utc ? 'UTC' : timeZone;
  const key = `${language}|${zone}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(language), { ...options, timeZone: zone });
    formats.set(key, format);
  }
  return format;
}

function parse(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "Joined Jan 2026" (profile header). */
export function joinedLabel(createdAt: string): string | null {
  const date = parse(createdAt);
  return date ? dateTexts.joined(dateFormat({ month: 'short', year: 'numeric' }).format(date)) : null;
}

/** "5 January" (Memories: the day looked at, from a date like 2026-01-05, which is a day, not an instant). */
export function dayMonthLabel(value: string): string {
  const date = parse(value);
  return date ? dateFormat({ day: 'numeric', month: 'long' }, true).format(date) : '';
}

/** "5 Jan 2026, 15:03 WAT": the zone named, as a member may read it elsewhere. */
export function formatDateTime(value: string | number | Date): string {
  const date = parse(value);
  return date
    ? dateFormat({ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' }).format(
        date,
      )
    : '';
}

/** A number as the page's language writes it: "1,234". */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(currentLocale().language), options).format(value);
}

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
  if (Math.abs(amount) < 45) return dateTexts.justNow;
  const { language } = currentLocale();
  const relative = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: 'auto' });
  for (const [unit, size] of STEPS) {
    if (Math.abs(amount) < size)
      return intlLocale(language) === language ? relative.format(Math.round(amount), unit) : inWords(Math.round(amount), unit);
    amount /= size;
  }
  return '';
}

/** How long ago in the catalog's words, for a language whose Intl data browsers lack. */
function inWords(amount: number, unit: Intl.RelativeTimeFormatUnit): string {
  const past = Math.max(1, -amount);
  switch (unit) {
    case 'second':
      return dateTexts.secondsAgo(past);
    case 'minute':
      return dateTexts.minutesAgo(past);
    case 'hour':
      return dateTexts.hoursAgo(past);
    case 'day':
      return past === 1 ? dateTexts.yesterday : dateTexts.daysAgo(past);
    case 'month':
      return dateTexts.monthsAgo(past);
    default:
      return dateTexts.yearsAgo(past);
  }
}
