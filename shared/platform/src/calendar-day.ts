/** Calendar days: "today" in a time zone (memories, the wallet's date filters), and a `YYYY-MM-DD` parser. */

export interface Day {
  year: number;
  month: number;
  day: number;
}

/** The calendar day it is at `now` in `timeZone`. */
export function dayIn(timeZone: string, now: Date): Day {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** A real day written `YYYY-MM-DD` (year 1 to 9999), or null. */
export function parseDay(text: string): Day | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(2000, month, 0)).getUTCDate(); // 2000 is a leap year: Feb 29 exists
  if (day > daysInMonth) return null;
  if (month === 2 && day === 29 && !isLeapYear(year)) return null;
  return { year, month, day };
}

export function formatDay({ year, month, day }: Day): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
