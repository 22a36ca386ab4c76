import { inLocale } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { dayLabel, groupByDay, messageTime } from './day-groups';
import { makeMessage } from './test-message';

const now = Date.parse('2026-11-29T12:00:00.000Z');

describe('day separators', () => {
  it('read Today, Yesterday, then the date (UTC days)', () => {
    expect(dayLabel('2026-11-29T00:00:00.000Z', now)).toBe('Today');
    expect(dayLabel('2026-11-28T23:59:59.000Z', now)).toBe('Yesterday');
    expect(dayLabel('2026-11-27T08:00:00.000Z', now)).toBe('Fri, 27 Nov 2026');
    expect(dayLabel('2025-01-05T08:00:00.000Z', now)).toBe('Sun, 5 Jan 2025');
    expect(dayLabel('not a date', now)).toBe('');
    expect(messageTime('2026-11-29T17:06:00.000Z')).toBe('17:06');
  });

  it("are the member's days and times, in their time zone", () => {
    inLocale({ timeZone: 'Africa/Lagos' }, () => {
      // 23:30 UTC on the 28th is already the 29th in Lagos (UTC+1).
      expect(dayLabel('2026-11-28T23:30:00.000Z', now)).toBe('Today');
      expect(dayLabel('2026-11-27T23:30:00.000Z', now)).toBe('Yesterday');
      expect(messageTime('2026-11-29T17:06:00.000Z')).toBe('18:06');
      expect(
        groupByDay(
          [makeMessage(1, { createdAt: '2026-11-28T22:59:00.000Z' }), makeMessage(2, { createdAt: '2026-11-28T23:01:00.000Z' })],
          now,
        ),
      ).toHaveLength(2);
    });
  });

  it('group messages into runs of one day, in order', () => {
    const messages = [
      makeMessage(1, { createdAt: '2026-11-27T08:00:00.000Z' }),
      makeMessage(2, { createdAt: '2026-11-27T22:00:00.000Z' }),
      makeMessage(3, { createdAt: '2026-11-28T09:00:00.000Z' }),
      makeMessage(4, { createdAt: '2026-11-29T09:00:00.000Z' }),
      makeMessage(5, { createdAt: '2026-11-29T11:00:00.000Z' }),
    ];
    const groups = groupByDay(messages, now);
    expect(groups.map((group) => [group.label, group.items.map((m) => m.id)])).toEqual([
      ['Fri, 27 Nov 2026', [1, 2]],
      ['Yesterday', [3]],
      ['Today', [4, 5]],
    ]);
    expect(new Set(groups.map((group) => group.day)).size).toBe(3);
    expect(groupByDay([], now)).toEqual([]);
  });
});
