import { adminIdentity, memberIdentity } from '@kora/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAuth, type AuthTestService } from '../test-support.js';

describe('GET /api/auth/session', () => {
  let svc: AuthTestService;
  beforeAll(async () => void (svc = await startAuth()));
  afterAll(async () => svc?.close());

  it('answers the verified caller', async () => {
    for (const identity of [memberIdentity(7), adminIdentity(8)]) {
      const res = await svc.app.inject({ method: 'GET', url: '/api/auth/session', headers: svc.as(identity) });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(identity);
    }
  });

  it('answers 401 with the error shape for anonymous and forged callers', async () => {
    for (const headers of [{}, { 'x-kora-identity': 'eyJ1c2VySWQiOjF9.forged' }]) {
      const res = await svc.app.inject({ method: 'GET', url: '/api/auth/session', headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Please sign in to continue', message: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
    }
  });
});
