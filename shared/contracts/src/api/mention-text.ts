/**
 * `@username` in what members write (posts and comments): where the service looks for mentions and
 * where the web app links them, one rule for both. Plain functions, no schema library: the browser
 * imports this for every post card, so it stays a few hundred bytes.
 *
 * A mention is `@` and a run of username characters (auth's pattern: letters, digits, dot,
 * underscore, dash) that does not follow a username character, `@` or `/`, so e-mail addresses
 * (`ada@example.ng`) and paths (`/@ada`) are not mentions. A sentence may end right after a name
 * ("thanks @ada."), so each run also offers itself without its trailing dots, underscores and
 * dashes; the service takes whichever names a member, the run first.
 */
import { localizedTexts } from '../i18n/localized-texts.js';
export const mentionTexts = localizedTexts('mention', {
  notFound: 'Mention not found',
  notYours: 'Only the member mentioned can review this mention',
  alreadyApproved: 'You already approved this mention',
  alreadyDeclined: 'You already declined this mention',
});

/** At most this many members are mentioned by one post or comment; later names stay plain text. */
export const MAX_MENTIONS_PER_TEXT = 20;

/** Auth's username length (usernameSchema: 3 to 30 characters). */
const NAME = /^[\w.-]{3,30}$/;
const TOKEN = /(^|[^\w.@/-])@([\w.-]+)/g;

export interface MentionToken {
  /** Where the `@` is. */
  index: number;
  /** The run after `@`, as written. */
  run: string;
  /** The names it may mean, as written, the run first: a name without its sentence punctuation next. */
  names: string[];
}

export function mentionTokens(text: string): MentionToken[] {
  const tokens: MentionToken[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const run = match[2]!;
    const trimmed = run.replace(/[._-]+$/, '');
    const names = [run, trimmed].filter((name, i, all) => NAME.test(name) && all.indexOf(name) === i);
    if (names.length > 0) tokens.push({ index: match.index + match[1]!.length, run, names });
  }
  return tokens;
}
