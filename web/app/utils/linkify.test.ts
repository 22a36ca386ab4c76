import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify', () => {
  it('finds links and leaves sentence punctuation outside', () => {
    expect(linkify('Open http://localhost:8080/activate/abc123. Thanks')).toEqual([
      { type: 'text', value: 'Open ' },
      { type: 'link', value: 'http://localhost:8080/activate/abc123' },
      { type: 'text', value: '. Thanks' },
    ]);
  });

  it('keeps text without links whole and ignores other schemes', () => {
    expect(linkify('Your code is 1234')).toEqual([{ type: 'text', value: 'Your code is 1234' }]);
    expect(linkify('javascript:alert(1)')).toEqual([{ type: 'text', value: 'javascript:alert(1)' }]);
    expect(linkify('')).toEqual([]);
  });
});
