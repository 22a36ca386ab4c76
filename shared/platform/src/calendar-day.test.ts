import { describe, expect, it } from 'vitest';
import { dayIn, formatDay, parseDay } from './calendar-day.js';

describe('calendar days', () => {
  it("takes today's date in the given zone", () => {
    const instant = new Date('2026-03-14T23:30:00Z');
    expect(formatDay(dayIn('Africa/Lagos', instant))).toBe('2026-03-15'); // UTC+1
    expect(formatDay(dayIn('UTC', instant))).toBe('2026-03-14');
    expect(formatDay(dayIn('America/New_York', instant))).toBe('2026-03-14');
  });

  it('parses real days only', () => {
    expect(parseDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDay('2026-12-31')).toEqual({ year: 2026, month: 12, day: 31 });
    for (const bad of [
      '2025-02-29',
      '2026-13-01',
      '2026-00-10',
      '2026-04-31',
      '2026-4-1',
      '26-04-01',
      'today',
      '2026-04-01T00:00',
      '0000-01-01',
    ]) {
      expect(parseDay(bad), bad).toBeNull();
    }
  });
});
