/**
 * The viewers list's opaque keyset cursor (decision 015): the last row's view time, as SQL renders
 * it to the microsecond (never through a JavaScript Date), and the viewer's id.
 */
import { toPositiveId } from '@kora/platform/service';
import { sql, type SQL } from 'drizzle-orm';
import { storyCursorInvalid } from './errors.js';

/** `2026-11-22T05:15:49.123456Z`: the form `timeKeySql` renders. */
const TIME_KEY = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

export function timeKeySql(column: SQL): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

export interface ViewerCursor {
  time: string;
  viewerId: number;
}

export function encodeViewerCursor(cursor: ViewerCursor): string {
  return Buffer.from(`${cursor.time}|${cursor.viewerId}`, 'utf8').toString('base64url');
}

/** The cursor's parts, or null for the first page; anything we did not make is a 400. */
export function decodeViewerCursor(cursor: string | undefined): ViewerCursor | null {
  if (cursor === undefined || cursor === '0') return null;
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw storyCursorInvalid();
  const [time, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const viewerId = id === undefined ? null : toPositiveId(id);
  if (rest.length > 0 || time === undefined || !TIME_KEY.test(time) || !isRealInstant(time) || viewerId === null) throw storyCursorInvalid();
  return { time, viewerId };
}

/** A calendar instant that exists (so PostgreSQL never sees 2025-02-30 and answers 500). */
function isRealInstant(at: string): boolean {
  const millis = Date.parse(`${at.slice(0, 23)}Z`);
  return Number.isFinite(millis) && new Date(millis).toISOString().slice(0, 19) === at.slice(0, 19);
}
