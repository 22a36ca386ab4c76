/**
 * The `Range` request header (RFC 9110, section 14), for one range of bytes: enough for a video player to
 * seek. A header we cannot parse, or one asking for several ranges, is ignored (the whole file is
 * sent, which the RFC allows); a range that lies entirely past the end is unsatisfiable (416).
 */
import type { ByteRange } from '../storage/port.js';

export type RangeDecision = { kind: 'none' } | { kind: 'unsatisfiable' } | { kind: 'range'; range: ByteRange };

const SINGLE = /^bytes[ \t]*=[ \t]*(\d{0,16})[ \t]*-[ \t]*(\d{0,16})[ \t]*$/i;

export function parseRange(header: string | string[] | undefined, size: number): RangeDecision {
  if (typeof header !== 'string' || header.length > 200) return { kind: 'none' };
  const match = SINGLE.exec(header.trim());
  if (!match) return { kind: 'none' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'none' };

  if (first === '') {
    // Suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', range: { start: Math.max(0, size - length), end: size - 1 } };
  }

  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (last !== '' && end < start) return { kind: 'none' }; // syntactically invalid: ignored
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', range: { start, end: Math.min(end, size - 1) } };
}
