/**
 * The account a sign-in, sign-up or recovery call names, so its rate limit can follow the account
 * as well as the address (decision 032): many phones share one carrier address, and one attacker
 * may rotate addresses, so neither key alone is enough.
 *
 * Those bodies are small JSON objects (`email`: an e-mail address, or at sign-in a username). The
 * edge reads them whole (at most ACCOUNT_BODY_LIMIT bytes) before counting, and the proxy sends
 * the bytes it read upstream unchanged (`EdgeRequest.body`).
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { discardRest } from './request-body.js';

/** Far above any sign-in, sign-up or recovery body; a larger one is refused (413) at the edge. */
export const ACCOUNT_BODY_LIMIT = 16 * 1024;

export type ReadBody = { ok: true; body: Buffer } | { ok: false; reason: 'too-large' | 'broken' };

/** Reads the whole body of `req`, refusing one past `limit` bytes (declared or sent). */
export function readSmallBody(req: IncomingMessage, limit = ACCOUNT_BODY_LIMIT): Promise<ReadBody> {
  if (Number(req.headers['content-length']) > limit) return Promise.resolve({ ok: false, reason: 'too-large' });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = (result: ReadBody) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onBroken);
      req.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done({ ok: false, reason: 'too-large' });
        discardRest(req); // bounded: the 413 still reaches the client
      } else chunks.push(chunk);
    };
    const onEnd = () => done({ ok: true, body: Buffer.concat(chunks, size) });
    const onBroken = () => done({ ok: false, reason: 'broken' });
    const onClose = () => {
      if (!req.complete) onBroken();
    };
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onBroken);
    req.once('close', onClose);
  });
}

/**
 * The account a body names, normalised (trimmed, lower case, Unicode NFKC) and hashed, so that
 * "Ada@Example.ng " and "ada@example.ng" share one counter and no address is stored in the rate
 * store in clear; null when the body names none (the service answers that with a 400).
 */
export function accountNamed(body: Buffer): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const named = (parsed as Record<string, unknown>).email;
  if (typeof named !== 'string') return null;
  const normalised = named.normalize('NFKC').trim().toLowerCase();
  if (normalised === '') return null;
  return createHash('sha256').update(normalised).digest('base64url').slice(0, 22);
}
