/**
 * `#tag` in what members write (posts and comments): where the posts service finds the tags it
 * stores and where the web app links them, one rule for both (decision 025). Plain functions, no
 * schema library: the browser imports this for every post card.
 *
 * A tag is `#` and a run of letters (any script), digits and underscores, up to HASHTAG_MAX_LENGTH,
 * that does not follow a letter, digit, underscore, `&` or `#`: `abc#def`, `&#39;` and `##x` are
 * not tags, and a URL's `#fragment` is inside the link, which is linked before tags are looked for.
 * A run of digits only (`#1`, `#2026`) is a number, not a tag. Tags compare in lower case
 * (`#Jollof` and `#jollof` are one tag); the text keeps what the member wrote.
 */

/** The longest tag; a longer run is not a tag (and stays plain text). */
export const HASHTAG_MAX_LENGTH = 50;
/** At most this many tags are stored per post or comment (later ones stay plain text). */
export const MAX_HASHTAGS_PER_TEXT = 30;

const TOKEN = /(^|[^\p{L}\p{N}_&#])#([\p{L}\p{M}\p{N}_]+)/gu;
const ONLY_DIGITS = /^\p{N}+$/u;

export interface HashtagToken {
  /** Where the `#` is. */
  index: number;
  /** The run after `#`, as written. */
  run: string;
  /** The tag it names (`normalizeHashtag(run)`). */
  tag: string;
}

/** The tag as stored and compared: NFC, lower case. */
export function normalizeHashtag(run: string): string {
  return run.normalize('NFC').toLowerCase();
}

/**
 * Whether `run` is made of a tag's characters only, 1 to HASHTAG_MAX_LENGTH of them: the start of a
 * tag as the hashtags search tab takes it (`#20` may begin `#2026lagos`, so digits only pass here).
 */
export function isHashtagPrefix(run: string): boolean {
  return run.length > 0 && run.length <= HASHTAG_MAX_LENGTH && /^[\p{L}\p{M}\p{N}_]+$/u.test(run);
}

/** Whether `tag` (as in `/hashtags/{tag}`, without `#`) could be a tag at all. */
export function isHashtag(tag: string): boolean {
  return isHashtagPrefix(tag) && !ONLY_DIGITS.test(tag);
}

/** Each `#tag` of `text`, in order, as written. */
export function hashtagTokens(text: string): HashtagToken[] {
  const tokens: HashtagToken[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const run = match[2]!;
    if (!isHashtag(run)) continue;
    tokens.push({ index: match.index + match[1]!.length, run, tag: normalizeHashtag(run) });
  }
  return tokens;
}

/** The distinct tags of `text` in first-use order, at most MAX_HASHTAGS_PER_TEXT: what is stored. */
export function hashtagsIn(text: string): string[] {
  return [...new Set(hashtagTokens(text).map((t) => t.tag))].slice(0, MAX_HASHTAGS_PER_TEXT);
}

/** The page of a tag. */
export function hashtagPath(tag: string): string {
  return `/hashtags/${encodeURIComponent(normalizeHashtag(tag))}`;
}
