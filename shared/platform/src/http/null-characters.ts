/**
 * PostgreSQL text cannot hold U+0000: a NUL anywhere in a bound parameter fails the whole statement
 * with SQLSTATE 22021 ("invalid byte sequence"). No member types one, so a request carrying it is a
 * client error, refused before any handler runs (query, path and JSON body), and the database's own
 * refusal is mapped to the same 400 for what the hook cannot see (multipart fields). Decision 026.
 */
import { apiErrorTexts, ErrorCode } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.js';
import { someCause } from './error-causes.js';

/** PostgreSQL's refusal of a NUL (or of bytes that are no UTF-8), through drizzle's `cause` chain. */
export function isNullCharacterRefusal(err: unknown): boolean {
  return someCause(err, (e) => e.code === '22021');
}

/**
 * Whether any string in `value` (keys included) holds a NUL. Walked with a stack, not recursion:
 * a body may nest 20,000 levels deep before its schema refuses it.
 */
export function holdsNullCharacter(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === 'string') {
      if (next.includes('\u0000')) return true;
    } else if (next && typeof next === 'object') {
      for (const [key, inner] of Object.entries(next)) {
        if (key.includes('\u0000')) return true;
        pending.push(inner);
      }
    }
  }
  return false;
}

export const nullCharacterRefused = () => badRequest(apiErrorTexts.nullCharacter, ErrorCode.ValidationFailed);

export function refuseNullCharacters(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (holdsNullCharacter(request.params) || holdsNullCharacter(request.query) || holdsNullCharacter(request.body))
      throw nullCharacterRefused();
  });
}
