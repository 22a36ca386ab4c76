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

/**
 * Node's HTTP servers read at most 16 KB of request line and headers (`--max-http-header-size`).
 * Past that the gateway answers 431 and closes; while a client is still writing a head of
 * megabytes, that close arrives as a reset before the 431 can be read. For such a request a reset
 * is the server refusing it, not a hang or a crash.
 */
export const HEAD_LIMIT_BYTES = 16 * 1024;

export type Outcome = { answer: Answer } | { failure: string } | { cutOff: string };

function headBytes(request: FuzzRequest): number {
  return (
    request.method.length +
    request.path.length +
    Object.entries(request.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 0)
  );
}

export function openSender(baseUrl: string, connections = 4) {
  const pool = new Pool(baseUrl, { connections, headersTimeout: ANSWER_TIMEOUT_MS, bodyTimeout: ANSWER_TIMEOUT_MS });
  async function send(request: FuzzRequest): Promise<Outcome> {
    // undici refuses such a path before sending, and a refused dispatch has left its pool stuck:
    // the fuzzer must never build one, so it counts as a finding against the fuzzer itself.
    if (!request.path.startsWith('/') || /[^\u0021-\u00ff]/.test(request.path))
      return { failure: 'the fuzzer built a path no client can send' };
    try {
      // One deadline for the whole exchange: undici's own timeouts only start once the body is sent,
      // so a server that stops reading a large body would otherwise hold the request for ever.
      const signal = AbortSignal.timeout(ANSWER_TIMEOUT_MS);
      const res = await pool.request({ path: request.path, method: request.method, headers: request.headers, body: request.body, signal });
      const text = await res.body.text();
      return { answer: { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), text } };
    } catch (err) {
      const e = err as { code?: string; message?: string };
      if (headBytes(request) > HEAD_LIMIT_BYTES && (e.code === 'ECONNRESET' || e.code === 'EPIPE' || e.code === 'UND_ERR_SOCKET')) {
        return { cutOff: `${e.code}: head of ${headBytes(request)} bytes` };
      }
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
