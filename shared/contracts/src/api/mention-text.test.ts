import { describe, expect, it } from 'vitest';
import { mentionTokens } from './mention-text.js';

describe('mentionTokens', () => {
  const names = (text: string) => mentionTokens(text).map((t) => t.names);

  it('finds @names with auth’s username characters, where the @ stands', () => {
    expect(mentionTokens('hi @ada.obi and @Bola_9!')).toEqual([
      { index: 3, run: 'ada.obi', names: ['ada.obi'] },
      { index: 16, run: 'Bola_9', names: ['Bola_9'] },
    ]);
    expect(names('@ada at the start')).toEqual([['ada']]);
  });

  it('offers a name without the sentence punctuation after it', () => {
    expect(names('thanks @ada.')).toEqual([['ada.', 'ada']]);
    expect(names('see @ada-- later')).toEqual([['ada--', 'ada']]);
  });

  it('is not fooled by e-mail addresses, paths, double @ or names of the wrong length', () => {
    expect(names('mail ada@example.ng')).toEqual([]);
    expect(names('https://x.ng/@ada')).toEqual([]);
    expect(names('@@ada')).toEqual([]);
    expect(names(`@ab @${'a'.repeat(31)} @..`)).toEqual([]);
  });
});
