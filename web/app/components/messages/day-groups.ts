/**
 * Messages under day separators: "Today", "Yesterday", else the date ("Sat, 28 Nov 2026"). Days
 * are UTC days, as every date the web app shows (utils/dates.ts): server and browser must render
 * the same text, and `now` is the page's reference time, not the clock.
 */
import { messageTexts } from '@kora/contracts';

const DAY_MS = 86_400_000;
const dateLabel = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const timeLabel = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

function dayNumber(time: number): number {
  return Math.floor(time / DAY_MS);
}

export function dayLabel(createdAt: string, now: number): string {
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) return '';
  const days = dayNumber(now) - dayNumber(time);
  if (days === 0) return messageTexts.today;
  if (days === 1) return messageTexts.yesterday;
  return dateLabel.format(time);
}

/** "17:06" (UTC, as the day separators). */
export function messageTime(createdAt: string): string {
  const time = Date.parse(createdAt);
  return Number.isNaN(time) ? '' : timeLabel.format(time);
}

export interface DayGroup<T> {
  /** The UTC day's number: stable across renders, a React key. */
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
