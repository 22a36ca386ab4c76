/**
 * A small client of the public API for the seed: JSON and multipart calls through the gateway,
 * with a member's bearer token. Each member gets its own client address (`npm start` and
 * `start:cluster` trust loopback as a proxy), so the per-address sign-in limits treat them as the
 * separate people they are.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
    what: string,
  ) {
    super(`${what} answered ${status}: ${whatItSaid(body)}`);
  }
}

function whatItSaid(body: Record<string, unknown>): string {
  const said = body.error ?? body.message ?? '';
  return typeof said === 'string' ? said : JSON.stringify(said);
}

export interface CallOptions {
  token?: string;
  ip?: string;
  json?: unknown;
  form?: FormData;
  method?: string;
}

export function createClient(baseUrl: string) {
  async function call<T>(path: string, options: CallOptions = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.ip) headers['x-forwarded-for'] = options.ip;
    let body: BodyInit | undefined;
    if (options.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      body = options.form;
    }
    const method = options.method ?? (body === undefined ? 'GET' : 'POST');
    const res = await fetch(new URL(path, baseUrl), { method, headers, body, signal: AbortSignal.timeout(60_000) });
    const text = await res.text();
    const parsed = text ? (JSON.parse(text) as unknown) : {};
    if (!res.ok) throw new ApiError(res.status, (parsed ?? {}) as Record<string, unknown>, `${method} ${path}`);
    return parsed as T;
  }
  return { call, baseUrl };
}

export type Client = ReturnType<typeof createClient>;
