/**
 * The opaque page cursor of keyset paging: the sort key of the last row a page showed, i.e. its
 * timestamp to the microsecond (Postgres' precision; milliseconds would skip or repeat rows made
 * within the same millisecond) and its id as tie-breaker. base64url so it travels in a query string.
 *
 * The key is produced by SQL (`KEY_SQL`) as a UTC ISO string with six fractional digits and read
 * back with `::timestamptz`, so it never passes through a JavaScript Date.
 *
 * The feed's cursor may also carry the post its page showed as sponsored (decision 023), so the
 * next page shows another one.
 */
import { toPositiveId } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import { cursorInvalid } from '../errors.js';

export interface PageKey {
  /** `2026-11-22T05:15:49.123456Z` */
  at: string;
  id: number;
  /** The feed only: the post the page before showed as sponsored. */
  sponsored?: number;
}

const AT = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)\.(\d{6})Z$/;

/** The SQL that renders a timestamptz column as a `PageKey.at`. */
export function keySql(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export function encodeCursor(key: PageKey): string {
  const parts = key.sponsored === undefined ? [key.at, key.id] : [key.at, key.id, key.sponsored];
  return Buffer.from(parts.join('|'), 'utf8').toString('base64url');
}

/** The key of a cursor we made; anything else is a 400 "The page cursor is not valid". */
export function decodeCursor(cursor: string): PageKey {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw cursorInvalid();
  const [at, id, sponsored, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const numericId = id === undefined ? null : toPositiveId(id);
  const sponsoredId = sponsored === undefined ? undefined : toPositiveId(sponsored);
  if (at === undefined || numericId === null || sponsoredId === null || rest.length > 0 || !isRealInstant(at)) throw cursorInvalid();
  return sponsoredId === undefined ? { at, id: numericId } : { at, id: numericId, sponsored: sponsoredId };
}

/** A well-formed instant that exists on the calendar (so Postgres never sees 2025-02-30). */
function isRealInstant(at: string): boolean {
  const m = AT.exec(at);
  if (!m) return false;
  const millis = Date.parse(`${at.slice(0, 23)}Z`);
  return Number.isFinite(millis) && new Date(millis).toISOString().slice(0, 19) === at.slice(0, 19);
}
