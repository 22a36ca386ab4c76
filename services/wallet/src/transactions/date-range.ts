/**
 * The transactions list's date filter: `start` and `end` are days of KORA_TIME_ZONE's calendar
 * (YYYY-MM-DD, both optional, both inclusive). Real days only (2026-02-30 is refused), none after
 * today in that zone, start on or before end. The instants are left to PostgreSQL (`at time zone`),
 * so a day is its zone's 00:00 to the next day's 00:00, 23 or 25 hours long where the zone shifts.
 */
import { walletTexts } from '@kora/contracts';
import { dayIn, formatDay, parseDay } from '@kora/platform/service';
import { dateInvalid } from '../errors.js';

export interface DayRange {
  /** The first day, `YYYY-MM-DD`, or null for "from the beginning". */
  start: string | null;
  /** The last day, `YYYY-MM-DD`, or null for "up to now". */
  end: string | null;
}

function day(text: string | undefined, today: string): string | null {
  if (text === undefined) return null;
  const parsed = parseDay(text);
  if (!parsed) throw dateInvalid(walletTexts.dateInvalid);
  const normal = formatDay(parsed);
  // Same width, zero-padded: the strings compare as the days do.
  if (normal > today) throw dateInvalid(walletTexts.dateInFuture);
  return normal;
}

export function dayRange(query: { start?: string | undefined; end?: string | undefined }, timeZone: string, now: Date): DayRange {
  const today = formatDay(dayIn(timeZone, now));
  const start = day(query.start, today);
  const end = day(query.end, today);
  if (start && end && start > end) throw dateInvalid(walletTexts.dateOrder);
  return { start, end };
}
