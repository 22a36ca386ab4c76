import { describe, expect, it } from 'vitest';
import { pageSlots, showingRange, withQuery } from './page-list';

describe('pageSlots', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(pageSlots(1, 1)).toEqual([1]);
    expect(pageSlots(3, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageSlots(7, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows nothing when there are no pages', () => {
    expect(pageSlots(1, 0)).toEqual([]);
  });

  it('keeps the start together near the first page', () => {
    expect(pageSlots(1, 8)).toEqual([1, 2, 3, 4, 5, 'gap', 8]);
    expect(pageSlots(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20]);
  });

  it('keeps the end together near the last page', () => {
    expect(pageSlots(20, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
    expect(pageSlots(17, 20)).toEqual([1, 'gap', 16, 17, 18, 19, 20]);
  });

  it('puts a gap on both sides in the middle', () => {
    expect(pageSlots(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20]);
    expect(pageSlots(10, 20)).toEqual([1, 'gap', 9, 10, 11, 'gap', 20]);
    expect(pageSlots(16, 20)).toEqual([1, 'gap', 15, 16, 17, 'gap', 20]);
  });

  it('always shows the current page, the first and the last, in 7 slots', () => {
    for (let total = 8; total <= 30; total++) {
      for (let page = 1; page <= total; page++) {
        const slots = pageSlots(page, total);
        expect(slots).toHaveLength(7);
        expect(slots).toContain(page);
        expect(slots[0]).toBe(1);
        expect(slots.at(-1)).toBe(total);
        const numbers = slots.filter((s): s is number => s !== 'gap');
        expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
      }
    }
  });

  it('clamps a page out of range', () => {
    expect(pageSlots(99, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
    expect(pageSlots(0, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
  });
});

describe('showingRange', () => {
  it('counts the rows of the page', () => {
    expect(showingRange(1, 10, 10, 42)).toEqual({ from: 1, to: 10 });
    expect(showingRange(5, 10, 2, 42)).toEqual({ from: 41, to: 42 });
    expect(showingRange(2, 20, 20, 100)).toEqual({ from: 21, to: 40 });
  });

  it('is 0–0 when there is nothing', () => {
    expect(showingRange(1, 10, 0, 0)).toEqual({ from: 0, to: 0 });
  });
});

describe('withQuery', () => {
  it('changes the page and keeps the rest', () => {
    expect(withQuery('?status=shadow&page=2', { page: 3 })).toBe('?status=shadow&page=3');
  });

  it('goes back to page 1 when anything else changes', () => {
    expect(withQuery('?status=shadow&page=4&limit=20', { limit: 50 })).toBe('?status=shadow&limit=50');
    expect(withQuery('?page=4&search=x', { search: '' })).toBe('?');
  });
});
