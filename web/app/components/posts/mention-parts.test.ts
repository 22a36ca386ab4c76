import { describe, expect, it } from 'vitest';
import { mentionParts } from './mention-parts';

describe('mentionParts', () => {
  const bola = { userId: 9, username: 'bola' };

  it('marks the approved names, case-insensitively, and leaves sentence punctuation as text', () => {
    expect(mentionParts('Lunch with @Bola.', [bola])).toEqual([
      { type: 'text', value: 'Lunch with ' },
      { type: 'mention', value: '@Bola', userId: 9 },
      { type: 'text', value: '.' },
    ]);
  });

  it('leaves other @words, e-mail addresses and texts without mentions as they are', () => {
    expect(mentionParts('@carol and @bola', [bola])).toEqual([
      { type: 'text', value: '@carol and ' },
      { type: 'mention', value: '@bola', userId: 9 },
    ]);
    expect(mentionParts('mail x@bola.ng', [bola])).toEqual([{ type: 'text', value: 'mail x@bola.ng' }]);
    expect(mentionParts('@bola', [])).toEqual([{ type: 'text', value: '@bola' }]);
  });

  it('keeps hostile text as text: the parts are strings React escapes', () => {
    const hostile = '<img src=x onerror=alert(1)>@bola<script>alert(1)</script>';
    expect(mentionParts(hostile, [bola])).toEqual([
      { type: 'text', value: '<img src=x onerror=alert(1)>' },
      { type: 'mention', value: '@bola', userId: 9 },
      { type: 'text', value: '<script>alert(1)</script>' },
    ]);
    expect(mentionParts('"><b>@bola', [bola])).toEqual([
      { type: 'text', value: '"><b>' },
      { type: 'mention', value: '@bola', userId: 9 },
    ]);
  });
});
