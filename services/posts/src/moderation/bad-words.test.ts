import { describe, expect, it } from 'vitest';
import { containsBadWord } from './bad-words.js';

describe('containsBadWord', () => {
  const words = ['spam', 'bad word', 'c++'];

  it('matches listed words as whole words, ignoring case', () => {
    expect(containsBadWord('this is SPAM!', words)).toBe(true);
    expect(containsBadWord('Spam', words)).toBe(true);
    expect(containsBadWord('(spam)', words)).toBe(true);
    expect(containsBadWord('spam.', words)).toBe(true);
  });

  it('does not match inside other words', () => {
    expect(containsBadWord('spammer and antispam', words)).toBe(false);
    expect(containsBadWord('spam_bot', words)).toBe(false);
    expect(containsBadWord('spam2', words)).toBe(false);
    expect(containsBadWord('spamé', words)).toBe(false);
  });

  it('matches phrases across any whitespace, and words with regex characters literally', () => {
    expect(containsBadWord('a BAD   word here', words)).toBe(true);
    expect(containsBadWord('a bad\nword', words)).toBe(true);
    expect(containsBadWord('badword', words)).toBe(false);
    expect(containsBadWord('I write c++ daily', words)).toBe(true);
    expect(containsBadWord('I write c daily', words)).toBe(false);
  });

  it('handles letters beyond ASCII', () => {
    expect(containsBadWord('ẹ̀ṣẹ̀ ni', ['ẹ̀ṣẹ̀'])).toBe(true);
    expect(containsBadWord('aẹ̀ṣẹ̀', ['ẹ̀ṣẹ̀'])).toBe(false);
  });

  it('is false for an empty list or blank entries', () => {
    expect(containsBadWord('anything at all', [])).toBe(false);
    expect(containsBadWord('anything at all', ['  '])).toBe(false);
  });
});
