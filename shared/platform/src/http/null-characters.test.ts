import { NULL_CHARACTER_TEXT } from '@kora/contracts';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { installErrorHandling } from './error-handler.js';
import { holdsNullCharacter, refuseNullCharacters } from './null-characters.js';

describe('requests carrying the null character', () => {
  const app = Fastify();
  installErrorHandling(app);
  refuseNullCharacters(app);
  app.get('/api/things/:name', async (request) => ({ query: request.query }));
  app.post('/api/things', async (request) => ({ body: request.body }));
  // What PostgreSQL answers for a NUL in a bound parameter, as drizzle wraps it.
  app.post('/api/stored', async () => {
    throw Object.assign(new Error('Failed query'), {
      cause: Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' }),
    });
  });
  afterAll(() => app.close());

  const refused = { error: NULL_CHARACTER_TEXT, message: NULL_CHARACTER_TEXT, code: 'VALIDATION_FAILED' };

  it.each([
    ['a query value', { method: 'GET' as const, url: '/api/things/a?q=%00x' }],
    ['a query name', { method: 'GET' as const, url: '/api/things/a?a%00=1' }],
    ['a path part', { method: 'GET' as const, url: '/api/things/a%00b' }],
    ['a JSON string deep in the body', { method: 'POST' as const, url: '/api/things', payload: { a: [{ b: 'x\u0000' }] } }],
    ['a JSON key', { method: 'POST' as const, url: '/api/things', payload: { 'k\u0000': 1 } }],
  ])('refuses %s 400 in the error shape', async (_what, request) => {
    const res = await app.inject(request);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
  });

  it('answers 400, not 500, when the database refuses one the hook could not see', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/stored', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refused);
  });

  it('passes ordinary text, the escaped form "\\\\u0000" and other control characters', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/things', payload: { text: 'Ọ̀la \\u0000 \u0001\t👋' } });
    expect(res.statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/things/%C3%A9?q=%01' })).statusCode).toBe(200);
  });

  it('walks a body nested 20,000 levels deep without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 20_000; i += 1) deep = [deep];
    expect(holdsNullCharacter(deep)).toBe(true);
    expect(holdsNullCharacter(JSON.parse('['.repeat(20_000) + ']'.repeat(20_000)))).toBe(false);
  });
});
