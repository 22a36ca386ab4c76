/**
 * A JSON body declared larger than any service reads is refused at the edge with 413 in the error
 * shape (proxy.ts): passed on, the service's early 413 and closed connection raced the proxy's
 * write, and the client got a 502 (decision 026).
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_JSON_BODY_LIMIT } from '@kora/platform';
import { gatewayOverFakes } from './test-support.js';

const edge = gatewayOverFakes();

const post = (bytes: number, type = 'application/json') =>
  fetch(`${edge.gateway.url}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': type },
    body: JSON.stringify({ text: 'x'.repeat(bytes) }),
  });

describe('a JSON body past the services limit', () => {
  it('is refused at the edge with 413 in the error shape, never reaching a service', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/merge-patch+json']) {
      const res = await post(SERVICE_JSON_BODY_LIMIT + 1, type);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        error: 'The request is too large',
        message: 'The request is too large',
        code: 'PAYLOAD_TOO_LARGE',
      });
    }
    expect(edge.fakes.hits).toEqual([]);
  });

  it('goes through up to the limit, and other types (uploads) are left to the service', async () => {
    expect((await post(SERVICE_JSON_BODY_LIMIT - 100)).status).toBe(200);
    expect((await post(SERVICE_JSON_BODY_LIMIT + 1, 'application/octet-stream')).status).toBe(200);
    expect(edge.fakes.hits.map((h) => h.url)).toEqual(['/api/posts', '/api/posts']);
  });
});
