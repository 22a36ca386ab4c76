/**
 * Calls every row as every actor and records what came back. Refusals go first, then the allowed
 * calls, then the rows that end sessions or change passwords (one at a time, in table order), so no
 * answer is spoiled by an earlier call. Requests run through a small pool: the product is shared
 * with the other tests' machines.
 */
import { wsUrl } from '@kora/testing/websocket';
import WebSocket from 'ws';
import { api, BASE_URL } from '../support/product.js';
import { ACTORS, type ActorName } from './actors.js';
import { isAllowed, type Expected } from './classes.js';
import type { MatrixContext, MatrixRequest } from './context.js';
import type { Row } from './table.js';

export interface Answer {
  row: Row;
  actor: ActorName;
  expected: Expected;
  status: number;
  /** Why the answer does not pass, or null. */
  problem: string | null;
}

const POOL = 6;

async function pool<T>(jobs: (() => Promise<T>)[], size = POOL): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, jobs.length) }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
}

function init(request: MatrixRequest, token: string | null): RequestInit {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  let body: BodyInit | undefined;
  if (request.body instanceof FormData) body = request.body;
  else if (request.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  return { method: request.method ?? 'GET', headers, body };
}

/** The live socket answers an upgrade, not a plain GET: 101 when it opens, else the refusal's status. */
function handshake(token: string | null): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(wsUrl(BASE_URL), { headers: token ? { authorization: `Bearer ${token}` } : {} });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('open', () => {
      ws.close();
      resolve({ status: 101, body: '' });
    });
    ws.once('error', (error) => reject(error));
  });
}

function problemOf(expected: Expected, status: number, text: string, contentType: string): string | null {
  if (![expected].flat().includes(status)) return `expected ${JSON.stringify(expected)}, got ${status}: ${text.slice(0, 200)}`;
  if (status >= 500) return `a server error: ${text.slice(0, 200)}`;
  if (status >= 400 && status !== 404 ? true : status === 404 && contentType.includes('json')) {
    if (!contentType.includes('application/json')) return `a ${status} without the JSON error shape (${contentType})`;
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['error', 'message', 'code'])
      if (typeof parsed[key] !== 'string') return `a ${status} without "${key}" in its error shape: ${text.slice(0, 200)}`;
  }
  if (status >= 400 && /\bat .+:\d+:\d+\)?/.test(text)) return `a stack trace in the answer: ${text.slice(0, 200)}`;
  return null;
}

async function call(ctx: MatrixContext, row: Row, actor: ActorName): Promise<Answer> {
  const expected = row.expected[actor];
  const request = await row.request(ctx, actor, isAllowed(expected));
  const token = request.token ?? ctx.actors.tokens[actor];
  try {
    if (row.operation === 'GET /ws') {
      const { status, body } = await handshake(token);
      return { row, actor, expected, status, problem: problemOf(expected, status, body, status === 101 ? '' : 'application/json') };
    }
    const res = await api(request.path, init(request, token));
    const text = await res.text();
    return {
      row,
      actor,
      expected,
      status: res.status,
      problem: problemOf(expected, res.status, text, res.headers.get('content-type') ?? ''),
    };
  } catch (error) {
    return { row, actor, expected, status: 0, problem: `the call failed: ${(error as Error).message}` };
  }
}

export async function callEverything(ctx: MatrixContext, table: Row[]): Promise<Answer[]> {
  const pairs = (rows: Row[], allowed: boolean) =>
    rows.flatMap((row) => ACTORS.filter((actor) => isAllowed(row.expected[actor]) === allowed).map((actor) => [row, actor] as const));
  const ordinary = table.filter((row) => !row.last);
  const answers = [
    ...(await pool(
      pairs(ordinary, false).map(
        ([row, actor]) =>
          () =>
            call(ctx, row, actor),
      ),
    )),
    ...(await pool(
      pairs(ordinary, true).map(
        ([row, actor]) =>
          () =>
            call(ctx, row, actor),
      ),
    )),
  ];
  for (const row of table.filter((r) => r.last).sort((a, b) => a.last! - b.last!)) {
    for (const [, actor] of [...pairs([row], false), ...pairs([row], true)]) answers.push(await call(ctx, row, actor));
  }
  return answers;
}
