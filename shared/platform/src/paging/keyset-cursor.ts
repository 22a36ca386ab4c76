/**
 * Opaque keyset cursors (decision 015): the sort key of the last row a page showed, its parts joined
 * with `|` and base64url-encoded so the cursor travels in a query string. Times travel as SQL renders
 * them (`timeKeySql`: UTC, microseconds, Postgres' precision), never through a JavaScript Date, so
 * rows made within one millisecond are neither skipped nor repeated; a query reads them back with
 * `::timestamptz`.
 */
import { sql, type SQL } from 'drizzle-orm';
import { toPositiveId } from '../ids.js';

/**
 * What one part of a cursor is: `time` a `timeKeySql` rendering, `id` a positive id, `rank` one
 * digit (a small sort bucket: owner, admins, members), `id?` an id the cursor may leave off (only
 * after every required part).
 */
export type CursorPart = 'time' | 'id' | 'rank' | 'id?';

export type CursorValues<S extends readonly CursorPart[]> = {
  [K in keyof S]: S[K] extends 'time' ? string : S[K] extends 'id?' ? number | undefined : number;
};

/** `2026-11-22T05:15:49.123456Z`: the form `timeKeySql` renders. */
const TIME_KEY = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

/** The SQL that renders a timestamptz column as a cursor's time. */
export function timeKeySql(column: unknown): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A cursor of its parts (numbers and time keys); parts left `undefined` at the end are left off. */
export function encodeCursor(parts: readonly (string | number | undefined)[]): string {
  const given = parts.filter((part) => part !== undefined);
  return Buffer.from(given.join('|'), 'utf8').toString('base64url');
}

/**
 * The parts of a cursor we made, or null for the first page (no cursor, or `0`). `shape` says what
 * each part is; anything else throws `invalid()` (the service's 400), so no caller-made text reaches
 * a query.
 */
export function decodeCursor<const S extends readonly CursorPart[]>(
  cursor: string | undefined,
  shape: S,
  invalid: () => Error,
): CursorValues<S> | null {
  if (cursor === undefined || cursor === '0') return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalid();
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const required = shape.filter((kind) => kind !== 'id?').length;
  if (parts.length < required || parts.length > shape.length) throw invalid();
  const values = shape.map((kind, i) => {
    const part = parts[i];
    if (part === undefined) return undefined;
    if (kind === 'time') {
      if (!TIME_KEY.test(part) || !isRealInstant(part)) throw invalid();
      return part;
    }
    if (kind === 'rank') {
      if (!/^\d$/.test(part)) throw invalid();
      return Number(part);
    }
    const id = toPositiveId(part);
    if (id === null) throw invalid();
    return id;
  });
  // The map above gives each index the type its shape entry names.
  return values as CursorValues<S>;
}

/** A calendar instant that exists (so PostgreSQL never sees 2025-02-30 and answers 500). */
function isRealInstant(at: string): boolean {
  const millis = Date.parse(`${at.slice(0, 23)}Z`);
  return Number.isFinite(millis) && new Date(millis).toISOString().slice(0, 19) === at.slice(0, 19);
}
