import { describe, expect, it } from 'vitest';
import { niceMax, shortDay } from './daily-chart';

describe('niceMax', () => {
  it('rounds the y axis up to 1, 2 or 5 times a power of ten, at least 1', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(3)).toBe(5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(12)).toBe(20);
    expect(niceMax(230)).toBe(500);
    expect(niceMax(1000)).toBe(1000);
  });
});

describe('shortDay', () => {
  it('reads a YYYY-MM-DD day as that calendar day', () => {
    expect(shortDay('2026-11-27')).toBe('27 Nov');
    expect(shortDay('2026-01-01')).toBe('1 Jan');
  });
});
