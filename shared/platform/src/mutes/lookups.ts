/**
 * Reading the mutes projection, and the one matching rule (decision 036): a muted word or phrase
 * matches whole words anywhere in a text, its hashtags included (`lagos` hides "#Lagos" and "in
 * Lagos"); a muted `#hashtag` matches only that hashtag. Case never matters.
 */
import { eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/database.js';
import type { MemberMutesTable } from './table.js';

export interface MemberMutes {
  memberIds: number[];
  words: string[];
}

const NOTHING_MUTED: MemberMutes = { memberIds: [], words: [] };

/** What `userId` muted (nothing for anonymous viewers and members who never muted). */
export async function mutesOf(db: DbOrTx, mutes: MemberMutesTable, userId: number | null): Promise<MemberMutes> {
  if (userId === null) return NOTHING_MUTED;
  const [row] = await db.select({ memberIds: mutes.memberIds, words: mutes.words }).from(mutes).where(eq(mutes.userId, userId));
  return row ?? NOTHING_MUTED;
}

const REGEX_SPECIALS = /[.*+?^${}()|[\]\\]/g;

function escaped(text: string): string {
  return text.replace(REGEX_SPECIALS, '\\$&');
}

// Letters, digits and _ make words (hashtags are made of the same); a phrase's spaces match any run of spaces.
const WORD_CHAR = '[\\p{L}\\p{N}_]';

function wordPattern(word: string): string {
  const body = escaped(word).replace(/ /g, '\\s+');
  return `(?<!${WORD_CHAR})${body}(?!${WORD_CHAR})`;
}

/** A matcher for texts that carry one of `words`, or null when nothing is muted. */
export function mutedTextMatcher(words: readonly string[]): ((text: string) => boolean) | null {
  if (words.length === 0) return null;
  const pattern = new RegExp(words.map(wordPattern).join('|'), 'iu');
  return (text) => pattern.test(text);
}

/** PostgreSQL's spelling of the same rule (`\m`/`\M` are its word boundaries; `#` is not a word character). */
function sqlWordPattern(word: string): string {
  const body = escaped(word).replace(/ /g, '\\s+');
  return word.startsWith('#') ? `${body}\\M` : `\\m${body}\\M`;
}

/**
 * A condition for a query's WHERE: the text in `column` carries none of `words` (true when nothing
 * is muted). A `#tag` needs the `#` not to follow a word character, which `\m` cannot say; the
 * pattern keeps it simple and lets "a#tag" match, which no hashtag parser produces.
 */
export function carriesNoMutedWord(column: AnyPgColumn | SQL, words: readonly string[]): SQL {
  if (words.length === 0) return sql`true`;
  const pattern = words.map(sqlWordPattern).join('|');
  return sql`coalesce(${column}, '') !~* ${pattern}`;
}

/**
 * `sqlWordPattern`'s pattern composed by PostgreSQL from a `text[]` of muted words (null when there
 * are none), for statements that read the mutes projection themselves and so stay one round trip
 * (the feed). Every character but letters, digits, _ and spaces is escaped (`\#` is `#`), which
 * covers the regular-expression specials `escaped` escapes.
 */
function patternOfWordsSql(words: SQL): SQL {
  return sql`(select string_agg(case when left(w, 1) = '#' then '' else '\\m' end
    || regexp_replace(regexp_replace(w, '([^[:alnum:]_ ])', '\\\\\\1', 'g'), ' ', '\\s+', 'g') || '\\M', '|') from unnest(${words}) as w)`;
}

/**
 * A condition for a query's WHERE: the text in `column` carries none of the words `viewerId` muted,
 * read from the mutes projection inside the statement (once per statement when `viewerId` is a
 * value: nothing per row for a member who muted nothing).
 */
export function carriesNoWordMutedBy(mutes: MemberMutesTable, viewerId: number | Placeholder | SQL, column: AnyPgColumn | SQL): SQL {
  const pattern = sql`(select ${patternOfWordsSql(sql`${mutes.words}`)} from ${mutes} where ${mutes.userId} = ${viewerId})`;
  return sql`(${pattern} is null or coalesce(${column}, '') !~* ${pattern})`;
}

/** A condition for a query's WHERE: `viewerId` did not mute the member in `memberColumn` (read like `carriesNoWordMutedBy`). */
export function notMutedBy(mutes: MemberMutesTable, viewerId: number | Placeholder | SQL, memberColumn: AnyPgColumn | SQL): SQL {
  return sql`${memberColumn} <> all(coalesce((select ${mutes.memberIds} from ${mutes} where ${mutes.userId} = ${viewerId}), '{}'::bigint[]))`;
}
