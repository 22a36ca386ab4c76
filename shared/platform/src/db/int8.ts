/**
 * `bigint` columns and `count(*)` answers (PostgreSQL's int8) as JavaScript numbers, set once for
 * both engines, so code never casts ids and counts it reads. The API's ids are numbers (the product's
 * payloads), so a value past 2^53 could not be answered correctly anyway: reading one fails loudly
 * instead of rounding it into another row's id.
 */
import { types as pgliteTypes, type ParserOptions } from '@electric-sql/pglite';
import pg from 'pg';

export function parseInt8(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`int8 value ${text} is beyond what a JavaScript number holds exactly`);
  return value;
}

/** node-postgres keeps its parsers process-wide; drizzle's own per-query parsers fall back to them. */
pg.types.setTypeParser(pg.types.builtins.INT8, parseInt8);

/** PGlite takes its parsers per instance (`new PGlite(dir, { parsers })`). */
export const pgliteParsers: ParserOptions = { [pgliteTypes.INT8]: parseInt8 };
