import { describe, expect, it } from 'vitest';
import { notFound } from './errors.js';
import { parsePathId, toPositiveId } from './ids.js';

describe('toPositiveId', () => {
  it('reads positive integers a number holds exactly', () => {
    expect(toPositiveId('1')).toBe(1);
    expect(toPositiveId('9007199254740991')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses zero, signs, leading zeros, decimals, exponents, blanks and unsafe integers', () => {
    for (const raw of ['0', '-1', '+1', '01', '1.0', '1e3', '', ' 1', '9007199254740993', '12345678901234567']) {
      expect(toPositiveId(raw), raw).toBeNull();
    }
  });
});

describe('parsePathId', () => {
  it("answers the id, or throws the route's own error", () => {
    expect(parsePathId('42', () => notFound('Post not found'))).toBe(42);
    expect(() => parsePathId('abc', () => notFound('Post not found'))).toThrow('Post not found');
  });
});
