/**
 * The cursor of a ranked list (search results): how many results the pages before showed. A rank
 * has no key to continue from the way a date does, so the cursor is an offset, bounded by
 * `searchLimits.maxDepth`: past it nobody is still reading, and the database never skips more.
 */
import { searchLimits } from '@kora/contracts';
import { searchCursorInvalid } from '../errors.js';

/** The offset a cursor (absent: the first page) stands for; anything we did not make is a 400. */
export function decodeOffset(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  if (!/^[1-9]\d{0,5}$/.test(cursor)) throw searchCursorInvalid();
  const offset = Number(cursor);
  if (offset >= searchLimits.maxDepth) throw searchCursorInvalid();
  return offset;
}

/** A ranked page: where it starts, how many it shows (never past maxDepth) and how many rows to ask for. */
export interface RankedWindow {
  offset: number;
  limit: number;
  /** One more than shown: that row only says whether there is a next page. */
  take: number;
}

export function rankedWindow(cursor: string | undefined, limit: number): RankedWindow {
  const offset = decodeOffset(cursor);
  const shown = Math.min(limit, searchLimits.maxDepth - offset);
  return { offset, limit: shown, take: shown + 1 };
}

/** The cursor after a page at `offset` that found `found` rows when asked for `limit + 1`. */
export function nextOffset(offset: number, limit: number, found: number): string | null {
  const next = offset + limit;
  return found > limit && next < searchLimits.maxDepth ? String(next) : null;
}

/** An offset page: at most `limit` of `rows`, and the next cursor. */
export function offsetPage<T>(rows: T[], window: RankedWindow): { items: T[]; nextCursor: string | null } {
  return { items: rows.slice(0, window.limit), nextCursor: nextOffset(window.offset, window.limit, rows.length) };
}
