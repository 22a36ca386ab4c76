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

  it('links what members write in messages, emoji and markup kept as text', () => {
    expect(linkify('Beach by 5? 🌊 https://kora.ng/events/12!\nsee <b>you</b>')).toEqual([
      { type: 'text', value: 'Beach by 5? 🌊 ' },
      { type: 'link', value: 'https://kora.ng/events/12' },
      { type: 'text', value: '!\nsee <b>you</b>' },
    ]);
    // Markup and quotes end a link: nothing of it reaches an attribute.
    expect(linkify('<a href="https://evil.example/x">x</a>')).toEqual([
      { type: 'text', value: '<a href="' },
      { type: 'link', value: 'https://evil.example/x' },
      { type: 'text', value: '">x</a>' },
    ]);
    expect(linkify('data:text/html,<script>x</script>')).toEqual([{ type: 'text', value: 'data:text/html,<script>x</script>' }]);
  });
});
