/**
 * The site's bad-words rule, one place for posts and comments: a listed word (or phrase) matches
 * case-insensitively and only as a whole word, so "ass" does not catch "class" or "passage".
 * "Word" means letters, digits and underscores in any script, so the rule works for Yoruba,
 * Igbo or Hausa words with diacritics as well as for English.
 */

const WORD_CHAR = String.raw`[\p{L}\p{M}\p{N}_]`;

/** Compiled once per list: the settings view replaces the array when an admin changes it. */
const compiled = new WeakMap<readonly string[], RegExp | null>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function matcherFor(words: readonly string[]): RegExp | null {
  let matcher = compiled.get(words);
  if (matcher === undefined) {
    const alternatives = words
      .map((w) => w.trim().normalize('NFC'))
      .filter(Boolean)
      // Whitespace inside a phrase matches any run of whitespace ("bad  word" is still "bad word").
      .map((w) =>
        w
          .split(/\s+/)
          .map(escapeRegExp)
          .join(String.raw`\s+`),
      );
    matcher = alternatives.length === 0 ? null : new RegExp(`(?<!${WORD_CHAR})(?:${alternatives.join('|')})(?!${WORD_CHAR})`, 'iu');
    compiled.set(words, matcher);
  }
  return matcher;
}

/** True when `text` contains one of `words` as a whole word, ignoring case. */
export function containsBadWord(text: string, words: readonly string[]): boolean {
  const matcher = matcherFor(words);
  return matcher !== null && matcher.test(text.normalize('NFC'));
}
