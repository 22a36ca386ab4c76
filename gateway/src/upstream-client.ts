/**
 * The gateway's own small calls to upstreams (health probes, OpenAPI documents), kept apart from the
 * proxy's pools so a burst of probes never competes with member traffic. Every call is bounded by a
 * deadline and a size cap: a hung or misbehaving service costs one short wait, never a stuck route.
 */
import { Agent, request } from 'undici';

const MAX_BODY_BYTES = 5 * 1024 * 1024;

export interface UpstreamClient {
  /** Status and parsed JSON body (null when the body is not JSON). Rejects on network errors. */
  getJson(url: string, timeoutMs: number): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export function createUpstreamClient(connectTimeoutMs: number): UpstreamClient {
  const agent = new Agent({ connections: 4, keepAliveTimeout: 10_000, connectTimeout: connectTimeoutMs });
  return {
    async getJson(url, timeoutMs) {
      const res = await request(url, {
        dispatcher: agent,
        method: 'GET',
        headers: { accept: 'application/json' },
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_BODY_BYTES) {
          res.body.destroy();
          throw new Error(`answer from ${url} is larger than ${MAX_BODY_BYTES} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      return { status: res.statusCode, body };
    },
    close: () => agent.close(),
  };
}
