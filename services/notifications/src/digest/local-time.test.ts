import { describe, expect, it } from 'vitest';
import { localTime } from './local-time.js';

describe('localTime', () => {
  it("reads a moment on the member's clock, across the date line, and an unknown zone as UTC", () => {
    const at = new Date('2026-11-26T07:30:00Z');
    expect(localTime(at, 'UTC')).toEqual({ date: '2026-11-26', hour: 7 });
    expect(localTime(at, 'Africa/Lagos')).toEqual({ date: '2026-11-26', hour: 8 });
    expect(localTime(at, 'Pacific/Kiritimati')).toEqual({ date: '2026-11-26', hour: 21 });
    expect(localTime(new Date('2026-11-26T20:15:00Z'), 'Pacific/Kiritimati')).toEqual({ date: '2026-11-27', hour: 10 });
    expect(localTime(at, 'America/Los_Angeles')).toEqual({ date: '2026-11-25', hour: 23 });
    expect(localTime(at, 'Not/AZone')).toEqual({ date: '2026-11-26', hour: 7 });
  });
});
