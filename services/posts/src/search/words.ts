/**
 * What a member typed, as the words a search looks for. A word is a run of letters, marks and
 * digits (any script): everything else (quotes, `&|!():*\`, emoji, spaces) only separates words, so
 * nothing typed reaches a query's syntax. Folding (lower case, no accents) happens in SQL with
 * `public.kora_search_text`, the same function the indexes use.
 */
import { sql, type SQL } from 'drizzle-orm';

const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** More words than this add nothing a member means; they only make the query longer. */
const MAX_WORDS = 10;

export function searchWords(query: string): string[] {
  return (query.normalize('NFC').match(WORD) ?? []).slice(0, MAX_WORDS);
}

/**
 * The tsquery of `words`: all of them required, the last one as a prefix (the member may still be
 * typing it). Each word is folded, then quoted as a tsquery lexeme by `quote_literal` (a quote
 * inside is doubled, which tsquery reads as a quote), so whatever folding yields stays one lexeme.
 * Null when there is no word.
 */
export function tsquerySql(words: string[]): SQL | null {
  if (words.length === 0) return null;
  const last = words.length - 1;
  const lexemes = words.map((word, i) => sql`quote_literal(public.kora_search_text(${word}::text)) || ${i === last ? ':*' : ''}::text`);
  return sql`to_tsquery('simple', ${sql.join(lexemes, sql` || ' & ' || `)})`;
}
