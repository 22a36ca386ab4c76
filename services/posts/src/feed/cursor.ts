/**
 * The posts lists' page key, carried by the platform's keyset cursor (decision 015): the last row's
 * sort time to the microsecond and its id as tie-breaker. The feed's cursor may also carry the post
 * its page showed as sponsored (decision 023), so the next page shows another one.
 */
import { decodeCursor as decodeKeysetCursor, encodeCursor as encodeKeysetCursor } from '@kora/platform/service';
import { cursorInvalid } from '../errors.js';

export interface PageKey {
  /** `2026-11-22T05:15:49.123456Z`, as the platform's `timeKeySql` renders it */
  at: string;
  id: number;
  /** The feed only: the post the page before showed as sponsored. */
  sponsored?: number;
}

export function encodeCursor(key: PageKey): string {
  return encodeKeysetCursor([key.at, key.id, key.sponsored]);
}

/** The key of a cursor we made; anything else (`0` included: these lists start without one) is a 400. */
export function decodeCursor(cursor: string): PageKey {
  const parts = decodeKeysetCursor(cursor, ['time', 'id', 'id?'], cursorInvalid);
  if (!parts) throw cursorInvalid();
  const [at, id, sponsored] = parts;
  return sponsored === undefined ? { at, id } : { at, id, sponsored };
}
