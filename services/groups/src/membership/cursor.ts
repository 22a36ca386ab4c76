/**
 * The opaque keyset cursors of the members and requests lists (decision 015): the sort key of the
 * last row a page showed. Times travel as SQL renders them (UTC, microseconds), never through a
 * JavaScript Date, so rows made within one millisecond are neither skipped nor repeated.
 * `0` (or no cursor) asks for the first page.
 */
import { toPositiveId } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import { cursorInvalid } from '../errors.js';

/** `2026-11-22T05:15:49.123456Z`: the form `timeKeySql` renders. */
const TIME_KEY = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** The SQL that renders a timestamptz column as a cursor's time. */
export function timeKeySql(column: SQL | unknown): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A cursor of its parts (numbers and time keys), joined and base64url-encoded. */
export function encodeCursor(parts: (string | number)[]): string {
  return Buffer.from(parts.join('|'), 'utf8').toString('base64url');
}

/**
 * The parts of a cursor we made, or null for the first page; `shape` says what each part is
 * ('rank' 0..2, 'time', 'id'). Anything else is a 400 "The page cursor is not valid".
 */
export function decodeCursor<const S extends readonly ('rank' | 'time' | 'id')[]>(
  cursor: string | undefined,
  shape: S,
): { [K in keyof S]: S[K] extends 'time' ? string : number } | null {
  if (cursor === undefined || cursor === '0') return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw cursorInvalid();
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (parts.length !== shape.length) throw cursorInvalid();
  const values = parts.map((part, i) => {
    const kind = shape[i];
    if (kind === 'time') {
      if (!TIME_KEY.test(part) || !isRealInstant(part)) throw cursorInvalid();
      return part;
    }
    if (kind === 'rank') {
      if (!/^[0-2]$/.test(part)) throw cursorInvalid();
      return Number(part);
    }
    const id = toPositiveId(part);
    if (id === null) throw cursorInvalid();
    return id;
  });
  return values as { [K in keyof S]: S[K] extends 'time' ? string : number };
}

/** A calendar instant that exists (so PostgreSQL never sees 2025-02-30 and answers 500). */
function isRealInstant(at: string): boolean {
  const millis = Date.parse(`${at.slice(0, 23)}Z`);
  return Number.isFinite(millis) && new Date(millis).toISOString().slice(0, 19) === at.slice(0, 19);
}
