import { describe, expect, it } from 'vitest';
import { parseRange } from './ranges.js';

describe('Range header', () => {
  it.each([
    ['bytes=0-99', 1000, { start: 0, end: 99 }],
    ['bytes=500-', 1000, { start: 500, end: 999 }],
    ['bytes=-100', 1000, { start: 900, end: 999 }],
    ['bytes=-5000', 1000, { start: 0, end: 999 }],
    ['bytes=900-5000', 1000, { start: 900, end: 999 }],
    ['bytes=999-999', 1000, { start: 999, end: 999 }],
    ['bytes = 1 - 2', 1000, { start: 1, end: 2 }],
    ['BYTES=0-0', 1000, { start: 0, end: 0 }],
  ])('%s of %i bytes', (header, size, range) => {
    expect(parseRange(header, size)).toEqual({ kind: 'range', range });
  });

  it.each([
    ['bytes=1000-', 1000],
    ['bytes=1000-2000', 1000],
    ['bytes=-0', 1000],
    ['bytes=0-', 0],
    ['bytes=-10', 0],
  ])('%s of %i bytes is unsatisfiable', (header, size) => {
    expect(parseRange(header, size)).toEqual({ kind: 'unsatisfiable' });
  });

  it.each([
    undefined,
    '',
    'bytes=',
    'bytes=-',
    'bytes=5-1',
    'bytes=0-1,4-5',
    'items=0-1',
    'bytes=a-b',
    'bytes=0x10-20',
    'bytes=1.5-2',
    'bytes=99999999999999999-',
    `bytes=0-${'9'.repeat(300)}`,
  ])('%j is ignored (whole file)', (header) => {
    expect(parseRange(header, 1000)).toEqual({ kind: 'none' });
  });
});
