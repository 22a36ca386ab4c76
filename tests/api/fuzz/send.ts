/**
 * Sends fuzzed requests exactly as built: undici's low-level request keeps the path as written
 * (fetch and the URL class would resolve `%2e%2e` and `..` before the product ever saw them).
 * A request that gets no answer in time counts as a hang.
 */
import { Pool } from 'undici';
import type { FuzzRequest } from './requests.js';

export const ANSWER_TIMEOUT_MS = 15_000;

export interface Answer {
  status: number;
  contentType: string;
  text: string;
}

export type Outcome = { answer: Answer } | { failure: string };

export function openSender(baseUrl: string, connections = 4) {
  const pool = new Pool(baseUrl, { connections, headersTimeout: ANSWER_TIMEOUT_MS, bodyTimeout: ANSWER_TIMEOUT_MS });
  async function send(request: FuzzRequest): Promise<Outcome> {
    // undici refuses such a path before sending, and a refused dispatch has left its pool stuck:
    // the fuzzer must never build one, so it counts as a finding against the fuzzer itself.
    if (!request.path.startsWith('/') || /[^\u0021-\u00ff]/.test(request.path)) return { failure: 'the fuzzer built a path no client can send' };
    try {
      // One deadline for the whole exchange: undici's own timeouts only start once the body is sent,
      // so a server that stops reading a large body would otherwise hold the request for ever.
      const signal = AbortSignal.timeout(ANSWER_TIMEOUT_MS);
      const res = await pool.request({ path: request.path, method: request.method, headers: request.headers, body: request.body, signal });
      const text = await res.body.text();
      return { answer: { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text } };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      return { failure: `no answer: ${e.code ?? ''} ${e.message ?? String(err)}` };
    }
  }
  return { send, close: () => pool.close() };
}

/** Runs `work` over `items` with at most `limit` at a time. */
export async function inPool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  });
  await Promise.all(workers);
  return results;
}
