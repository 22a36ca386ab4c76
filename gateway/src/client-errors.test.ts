/**
 * Requests Node cannot parse get the one error shape too (client-errors.ts): headers past Node's
 * limit (431) and a malformed request line (400).
 */
import { describe, expect, it } from 'vitest';
import { gatewayOverFakes, rawHttp } from './test-support.js';

const edge = gatewayOverFakes();

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describe('a request Node cannot parse', () => {
  it('with headers past the size limit: 431 in the error shape', async () => {
    const answer = await rawHttp(edge.gateway.url, `GET /api/posts?q=${'a'.repeat(20_000)} HTTP/1.1\r\nhost: kora.test`);
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer.toLowerCase()).toContain('content-type: application/json');
    expect(bodyOf(answer)).toEqual({
      error: 'The request headers are too large',
      message: 'The request headers are too large',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('with a malformed request line: 400 in the error shape', async () => {
    const answer = await rawHttp(edge.gateway.url, `GET /api/posts HTTP/9.x\r\nhost: kora.test`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(answer)).toEqual({ error: 'The request is not valid', message: 'The request is not valid', code: 'BAD_REQUEST' });
  });
});
