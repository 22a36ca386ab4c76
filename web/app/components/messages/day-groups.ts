/**
 * Messages under day separators: "Today", "Yesterday", else the date ("Sat, 28 Nov 2026"). Days
 * and times are the member's, in their language and time zone (utils/dates.ts): server and browser
 * render the same text, and `now` is the page's reference time, not the clock.
 */
import { messageTexts } from '@kora/contracts';
import { dateFormat } from '~/utils/dates';

const DAY_MS = 86_400_000;

/** The calendar day `time` falls on in the member's time zone, as a count of days. */
function dayNumber(time: number): number {
  const parts = dateFormat({ year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(time);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((item) => item.type === type)?.value);
  return Math.floor(Date.UTC(part('year'), part('month') - 1, part('day')) / DAY_MS);
}

export function dayLabel(createdAt: string, now: number): string {
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) return '';
  const days = dayNumber(now) - dayNumber(time);
  if (days === 0) return messageTexts.today;
  if (days === 1) return messageTexts.yesterday;
  return dateFormat({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).format(time);
}

/** "17:06" (in the member's time zone, as the day separators). */
export function messageTime(createdAt: string): string {
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? '' : dateFormat({ hour: '2-digit', minute: '2-digit' }).format(time);
}

export interface DayGroup<T> {
  /** The member's day's number: stable across renders, a React key. */
  day: number;
  label: string;
  items: T[];
}

/** Items (oldest first) in runs of one day each, in the same order. */
export function groupByDay<T extends { createdAt: string }>(items: readonly T[], now: number): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const time = Date.parse(item.createdAt);
    const day = Number.isNaN(time) ? dayNumber(now) : dayNumber(time);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, label: dayLabel(item.createdAt, now), items: [item] });
  }
  return groups;
}
