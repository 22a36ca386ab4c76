/**
 * Whether an error means a dependency (PostgreSQL, Redis, another service) could not be reached or
 * dropped the connection, rather than a bug: such a request answers 503 (try again shortly), as the
 * gateway does while a service is down, not 500 (docs/reliability.md, the soak's findings).
 */
import { someCause } from './error-causes.js';

// Node's socket errors: nothing listening, the peer went away, the connection could not be made.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
]);
// PostgreSQL SQLSTATEs of a server going away: class 08 (connection exception), admin/crash shutdown,
// "cannot connect now" (starting up or recovering after a crash).
const POSTGRES_OUTAGE = /^(08...|57P01|57P02|57P03)$/;
// node-postgres's own words when the server vanished mid-query or the pool could not connect in time.
const PG_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i];

/** Walks the error and its causes (drizzle wraps the driver's error in `cause`). */
export function isDependencyOutage(err: unknown): boolean {
  return someCause(
    err,
    (e) =>
      (typeof e.code === 'string' && (NETWORK_CODES.has(e.code) || POSTGRES_OUTAGE.test(e.code))) ||
      (typeof e.message === 'string' && PG_MESSAGES.some((re) => re.test(e.message as string))),
  );
}
