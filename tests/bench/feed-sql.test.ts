import { describe, expect, it } from 'vitest';
import { inline, lastWindow, literal, logEntries, parseLogLine, spanMs } from './feed-sql.js';

describe('feed-sql statements for pgbench', () => {
  /** A transaction log line ending at `seconds` since the epoch. */
  const at = (seconds: number, latencyUs: number) => `0 1 ${latencyUs} 0 ${Math.floor(seconds)} ${Math.round((seconds % 1) * 1e6)}`;

  it('writes parameters as the literals node-postgres would have sent', () => {
    expect(literal(42)).toBe('42');
    expect(literal(-1)).toBe('(-1)');
    expect(literal(null)).toBe('NULL');
    expect(literal(true)).toBe('true');
    expect(literal("it's")).toBe("'it''s'");
    expect(literal([1, 2, 3])).toBe("'{1,2,3}'");
    expect(literal(['a"b', null])).toBe(`'{"a\\"b",NULL}'`);
    expect(literal(new Date('2026-11-25T08:00:00.000Z'))).toBe("'2026-11-25T08:00:00.000Z'");
  });

  it('inlines $n placeholders (not $1 inside $10) and ends the statement with a semicolon', () => {
    const params = Array.from({ length: 10 }, (_, i) => i + 1);
    expect(inline({ sql: 'select $1, $10', params })).toBe('select 1, 10;');
  });

  it("keeps pgbench from reading ':name' inside string literals as its variables", () => {
    const sql = `select to_char(now(), 'HH24:MI:SS') as t, $1::bigint, $2 as note`;
    expect(inline({ sql, params: [7, 'a:b'] })).toBe(
      `select to_char(now(), 'HH24' || ':' || 'MI' || ':' || 'SS') as t, 7::bigint, 'a' || ':' || 'b' as note;`,
    );
  });

  it('reads latency and end time from pgbench transaction log lines, and skips anything else', () => {
    expect(parseLogLine('7 12 1500 3 1795624097 250000')).toEqual({ latencyMs: 1.5, endedAtMs: 1_795_624_097_250 });
    expect(parseLogLine('')).toBeNull();
    expect(parseLogLine('7 12 1500')).toBeNull();
    expect(parseLogLine('7 12 x 3 1795624097 250000')).toBeNull();
  });

  it("measures the transactions that ended in the run's last seconds, the last one included", () => {
    const lines = [at(100.5, 9000), at(130, 8000), at(130.001, 2000), at(135.25, 3000), at(140, 4000), 'not a line'];
    expect(lastWindow(logEntries(lines), 10_000)).toEqual([2, 3, 4]);
    // However late pgbench began or long one transaction took, the last to end is measured.
    expect(lastWindow(logEntries([at(200.5, 1_500_000)]), 1_000)).toEqual([1500]);
    expect(lastWindow([], 1_000)).toEqual([]);
    // As many transactions as a long run logs (more than a call takes arguments).
    expect(lastWindow(logEntries(Array.from({ length: 300_000 }, (_, i) => at(1_000 + i / 1_000, 1_000))), 1_000)).toHaveLength(1_000);
  });

  it("spans a counted run from its first transaction's start to its last one's end", () => {
    // at(endedAtSeconds, latencyUs): one began at 99.5 s, the last ended at 101 s.
    expect(spanMs(logEntries([at(100, 500_000), at(101, 1_000), at(100.5, 200_000)]))).toBe(1_500);
    expect(spanMs([])).toBe(0);
  });
});
