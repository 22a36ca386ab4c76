/**
 * What API tests know about the running product: its base URL (the gateway), how to mint the
 * access token a signed-in member would have, and the harness's control endpoint for outages.
 */
import { signAccessToken } from '@kora/platform/access-token';
import type { Identity } from '@kora/platform/identity';

// KORA_BASE_URL, not BASE_URL: vitest overwrites BASE_URL in its workers with Vite's base ('/').
export const BASE_URL = process.env.KORA_BASE_URL ?? 'http://127.0.0.1:8080';
export const MODE = process.env.KORA_MODE ?? 'unknown';

export async function tokenFor(identity: Partial<Identity> & { userId: number }): Promise<string> {
  const secret = process.env.ACCESS_TOKEN_SECRET;
  if (!secret) throw new Error('ACCESS_TOKEN_SECRET must be set (the harness sets it)');
  return signAccessToken({ role: 'user', sessionId: `test-${identity.userId}`, ...identity }, secret);
}

export async function bearer(identity: Partial<Identity> & { userId: number }): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await tokenFor(identity)}` };
}

/** fetch with a hang guard: a request the product leaves hanging fails the test instead of stalling it. */
export function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(path, BASE_URL), { redirect: 'manual', ...init, signal: AbortSignal.timeout(10_000) });
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
