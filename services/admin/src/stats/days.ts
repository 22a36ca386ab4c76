/**
 * The dashboard chart's days: the last ADMIN_CHART_DAYS calendar days of KORA_TIME_ZONE, today
 * included, oldest first. Day arithmetic is done on the calendar (UTC dates as plain days), so a
 * zone's daylight-saving shifts never skip or repeat a day.
 */
import { dayIn, formatDay } from '@kora/platform/service';

export function chartDays(timeZone: string, now: Date, count: number): string[] {
  const today = dayIn(timeZone, now);
  const days: string[] = [];
  for (let back = count - 1; back >= 0; back--) {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day - back));
    days.push(formatDay({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() }));
  }
  return days;
}

/** Each day's count from a sibling's answer (days it left out are 0; days outside the chart ignored). */
export function countsByDay(days: string[], daily: { day: string; count: number }[]): number[] {
  const counts = new Map(daily.map((d) => [d.day, d.count]));
  return days.map((day) => counts.get(day) ?? 0);
}
