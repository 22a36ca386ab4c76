/**
 * Row ids as they arrive in paths and cursors: positive integers that a JavaScript number holds
 * exactly. Anything else names nothing, so callers answer it like an id that does not exist
 * (never a 500 from the database, never a rounded id that names another row).
 */
import type { AppError } from './errors.js';

const POSITIVE_ID = /^[1-9]\d{0,15}$/;

/** The id `raw` spells, or null when it spells none. */
export function toPositiveId(raw: string): number | null {
  if (!POSITIVE_ID.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : null;
}

/** The id `raw` spells; otherwise throws `missing()` (the route's own 404). */
export function parsePathId(raw: string, missing: () => AppError): number {
  const id = toPositiveId(raw);
  if (id === null) throw missing();
  return id;
}
