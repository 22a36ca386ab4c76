import { describe, expect, it } from 'vitest';
import { inline, literal } from './feed-sql.js';

describe('feed-sql statements for pgbench', () => {
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
    expect(inline({ sql, params: [7, 'a:b'] })).toBe(`select to_char(now(), 'HH24' || ':' || 'MI' || ':' || 'SS') as t, 7::bigint, 'a' || ':' || 'b' as note;`);
  });
});
