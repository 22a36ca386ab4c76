import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { answerFrameworkError } from './error-handler.js';

describe("the router's own errors", () => {
  const app = Fastify({ frameworkErrors: answerFrameworkError });
  app.get('/api/things/:id', async () => ({ ok: true }));
  afterAll(() => app.close());

  it('answers a path part past the limit 404 in the error shape, without echoing the path', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/things/${'x'.repeat(101)}` });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });
  });

  it('measures the limit on the decoded part: a percent-encoded 50-letter tag passes', async () => {
    const tag = encodeURIComponent('ẹ'.repeat(50));
    expect(tag.length).toBeGreaterThan(100);
    const res = await app.inject({ method: 'GET', url: `/api/things/${tag}` });
    expect(res.statusCode).toBe(200);
  });

  it('answers an address the router cannot decode 400 in the error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/things/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'The address is not valid', code: 'BAD_REQUEST' });
  });
});
