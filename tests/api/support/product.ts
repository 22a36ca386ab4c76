/**
 * What API tests know about the running product: its base URL (the gateway), how to mint the
 * access token a signed-in member would have, and the harness's control endpoint for outages.
 * Every answer `api()` gets is held against the OpenAPI document the gateway serves
 * (`answer-check.ts`): an answer the document does not describe fails the test that got it.
 */
import { signAccessToken } from '@kora/platform/access-token';
import type { Identity } from '@kora/platform/identity';
import { answerChecker, type AnswerChecker } from './answer-check.js';

// KORA_BASE_URL, not BASE_URL: vitest overwrites BASE_URL in its workers with Vite's base ('/').
export const BASE_URL = process.env.KORA_BASE_URL ?? 'http://127.0.0.1:8080';
export const MODE = process.env.KORA_MODE ?? 'unknown';
/**
 * A second gateway in front of the same product whose per-member limit a flood reaches in a few
 * dozen calls (scripts/test.mjs starts it); unset when the harness did not.
 */
export const LOW_LIMIT_URL = process.env.KORA_LOW_LIMIT_URL;

export async function tokenFor(identity: Partial<Identity> & { userId: number }): Promise<string> {
  const secret = process.env.ACCESS_TOKEN_SECRET;
  if (!secret) throw new Error('ACCESS_TOKEN_SECRET must be set (the harness sets it)');
  return signAccessToken({ role: 'user', sessionId: `test-${identity.userId}`, ...identity }, secret);
}

export async function bearer(identity: Partial<Identity> & { userId: number }): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await tokenFor(identity)}` };
}

export const DOCUMENT_PATH = '/api/docs/openapi.json';

/** The served document, fetched once it describes every service (not while a test has one stopped). */
let checker: Promise<AnswerChecker | null> | undefined;

async function loadChecker(): Promise<AnswerChecker | null> {
  const res = await fetch(new URL(DOCUMENT_PATH, BASE_URL), { signal: AbortSignal.timeout(10_000) });
  if (!res.ok) return null;
  const document = (await res.json()) as Record<string, unknown>;
  const unavailable = document['x-unavailable-services'];
  return Array.isArray(unavailable) && unavailable.length > 0 ? null : answerChecker(document);
}

async function currentChecker(): Promise<AnswerChecker | null> {
  checker ??= loadChecker().catch(() => null);
  const loaded = await checker;
  if (!loaded) checker = undefined;
  return loaded;
}

/** Throws when the answer is not what the served document says this call answers. */
async function holdToDocument(url: URL, method: string, res: Response): Promise<void> {
  const product = [BASE_URL, LOW_LIMIT_URL].flatMap((base) => (base ? [new URL(base).origin] : []));
  if (!product.includes(url.origin) || url.pathname === DOCUMENT_PATH) return;
  const check = await currentChecker();
  if (!check) return;
  const problems = check.problems({
    method,
    path: url.pathname,
    status: res.status,
    contentType: res.headers.get('content-type'),
    body: method.toUpperCase() === 'HEAD' ? '' : await res.clone().text(),
  });
  if (problems.length > 0) throw new Error(`The answer differs from the served OpenAPI document:\n${problems.join('\n')}`);
}

/**
 * fetch with a hang guard (a request the product leaves hanging fails the test instead of stalling
 * it), its answer held against the served document. `base`: another gateway of the same product.
 */
export async function api(path: string, init: RequestInit = {}, base = BASE_URL): Promise<Response> {
  const url = new URL(path, base);
  const res = await fetch(url, { redirect: 'manual', ...init, signal: AbortSignal.timeout(10_000) });
  await holdToDocument(url, init.method ?? 'GET', res);
  return res;
}

const CONTROL = process.env.KORA_CONTROL_URL;
export const canControl = Boolean(CONTROL);

export async function control(action: 'stop' | 'start', name: string): Promise<void> {
  if (!CONTROL) throw new Error('KORA_CONTROL_URL is not set');
  const res = await fetch(`${CONTROL}/${action}/${name}`, { method: 'POST', signal: AbortSignal.timeout(60_000) });
  if (!res.ok) throw new Error(`control ${action} ${name}: ${res.status} ${await res.text()}`);
}

/** A response's JSON body, typed by the caller. */
export async function body<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}
