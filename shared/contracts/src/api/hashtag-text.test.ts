import { describe, expect, it } from 'vitest';
import { hashtagPath, hashtagsIn, hashtagTokens, isHashtag } from './hashtag-text.js';

describe('hashtags in text', () => {
  it('finds tags in any script, in lower case, once each, in first-use order', () => {
    expect(hashtagsIn('#Jollof wars: #jollof vs #Ẹ̀wà and #Lagos_Eats!')).toEqual(['jollof', 'ẹ̀wà', 'lagos_eats']);
  });
  it('is not fooled by words, entities, doubled marks or numbers', () => {
    expect(hashtagsIn('abc#def &#39; ##x #1 #2026 #')).toEqual([]);
  });
  it('ends a tag at punctuation and keeps where it starts', () => {
    expect(hashtagTokens('Try (#suya).')).toEqual([{ index: 5, run: 'suya', tag: 'suya' }]);
  });
  it('refuses overlong tags and paths in a tag page', () => {
    expect(isHashtag('a'.repeat(50))).toBe(true);
    expect(isHashtag('a'.repeat(51))).toBe(false);
    expect(isHashtag('../etc')).toBe(false);
    expect(hashtagPath('Jollof')).toBe('/hashtags/jollof');
  });
  it('stores at most 30 tags of one text', () => {
    expect(hashtagsIn(Array.from({ length: 40 }, (_, i) => `#t${i}`).join(' '))).toHaveLength(30);
  });
});
