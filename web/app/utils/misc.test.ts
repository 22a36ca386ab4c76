import { describe, expect, it } from 'vitest';
import { cn, countLabel, formatCount } from './misc';

describe('cn', () => {
  it('drops falsy parts', () => {
    expect(cn('a', false, null, undefined, '', 'b')).toBe('a b');
  });
});

describe('formatCount', () => {
  it('uses compact notation', () => {
    expect(formatCount(950)).toBe('950');
    expect(formatCount(12_400)).toBe('12.4K');
    expect(formatCount(2_000_000)).toBe('2M');
  });
});

describe('countLabel', () => {
  it('uses the singular for exactly one', () => {
    expect(countLabel(1, 'like')).toBe('1 like');
    expect(countLabel(0, 'like')).toBe('0 likes');
    expect(countLabel(3, 'reply', 'replies')).toBe('3 replies');
  });
});
