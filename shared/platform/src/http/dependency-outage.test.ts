import { describe, expect, it } from 'vitest';
import { isDependencyOutage } from './dependency-outage.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDependencyOutage', () => {
  it('knows a refused or dropped connection, also wrapped in a query error', () => {
    expect(isDependencyOutage(withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDependencyOutage(new Error('Failed query: select 1', { cause: withCode('read ECONNRESET', 'ECONNRESET') }))).toBe(true);
    expect(isDependencyOutage(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it("knows PostgreSQL's shutdown and recovery states", () => {
    expect(isDependencyOutage(withCode('terminating connection due to administrator command', '57P01'))).toBe(true);
    expect(isDependencyOutage(withCode('the database system is in recovery mode', '57P03'))).toBe(true);
    expect(isDependencyOutage(withCode('connection failure', '08006'))).toBe(true);
  });

  it('leaves bugs and data errors alone', () => {
    expect(isDependencyOutage(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isDependencyOutage(withCode('duplicate key value violates unique constraint', '23505'))).toBe(false);
    expect(isDependencyOutage(new Error('Failed query', { cause: withCode('syntax error', '42601') }))).toBe(false);
    expect(isDependencyOutage(null)).toBe(false);
  });
});

describe('the error handler', () => {
  it('answers 503 in the error shape while the database is out of reach, 500 for a bug', async () => {
    const { default: Fastify } = await import('fastify');
    const { installErrorHandling } = await import('./error-handler.js');
    const app = Fastify({ logger: false });
    installErrorHandling(app);
    app.get('/down', async () => {
      throw new Error('Failed query: select 1', { cause: withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED') });
    });
    app.get('/bug', async () => {
      throw new TypeError('oops');
    });
    const down = await app.inject({ url: '/down' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: 'The service is unavailable. Please try again shortly.',
      message: 'The service is unavailable. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
    expect((await app.inject({ url: '/bug' })).statusCode).toBe(500);
    await app.close();
  });
});
