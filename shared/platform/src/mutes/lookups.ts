/**
 * Reading the mutes projection, and the one matching rule (decision 036): a muted word or phrase
 * matches whole words anywhere in a text, its hashtags included (`lagos` hides "#Lagos" and "in
 * Lagos"); a muted `#hashtag` matches only that hashtag. Case never matters.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
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
