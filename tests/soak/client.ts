/**
 * The workload's HTTP client: every call goes through the gateway with a hang guard, and is
 * counted in the tally (5xx and no answer = failed).
 */
import type { RequestTally } from './tally.js';

export interface Answer<T = unknown> {
  status: number | null;
  body: T | null;
}

const TIMEOUT_MS = 10_000;

export class SoakClient {
  constructor(
    readonly baseUrl: string,
    private readonly tally: RequestTally,
  ) {}

  async call<T>(
    method: string,
    path: string,
    options: { token?: string; json?: unknown; form?: FormData; timeoutMs?: number } = {},
  ): Promise<Answer<T>> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) body = options.form;
    try {
      const res = await fetch(new URL(path, this.baseUrl), {
        method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs ?? TIMEOUT_MS),
      });
      const text = await res.text();
      this.tally.record({ status: res.status, method, path });
      let parsed: T | null = null;
      try {
        parsed = text ? (JSON.parse(text) as T) : null;
      } catch {
        parsed = null;
      }
      return { status: res.status, body: parsed };
    } catch {
      this.tally.record({ status: null, method, path });
      return { status: null, body: null };
    }
  }
}

export const ok = (answer: Answer, status = 200) => answer.status === status;
