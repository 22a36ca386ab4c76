import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { IDENTITY_HEADER, signIdentity } from '../identity.js';
import type { ServiceApp } from '../service.js';
import { adminOf, adminRoutes } from './admin-routes.js';
import { installErrorHandling } from './error-handler.js';
import { installIdentity } from './identity.js';

const SECRET = 'admin-routes-test-secret';

async function app(): Promise<ServiceApp> {
  const app = Fastify() as unknown as ServiceApp;
  installIdentity(app, SECRET);
  installErrorHandling(app);
  await adminRoutes(app, (admins) => {
    admins.post('/inside', async (request) => ({ userId: adminOf(request).userId, body: request.body }));
  });
  app.get('/outside', async (request) => ({ userId: adminOf(request).userId }));
  await app.ready();
  return app;
}

const as = (userId: number, role: 'user' | 'admin') => ({
  [IDENTITY_HEADER]: signIdentity({ userId, role, sessionId: `s-${userId}` }, SECRET),
});
const badJson = { method: 'POST' as const, url: '/inside', payload: '{not json', headers: { 'content-type': 'application/json' } };

describe('adminRoutes', () => {
  it('refuses anonymous callers (401) and members (403) before the body is read', async () => {
    const routes = await app();
    expect((await routes.inject(badJson)).statusCode).toBe(401);
    const member = await routes.inject({ ...badJson, headers: { ...badJson.headers, ...as(7, 'user') } });
    expect(member.statusCode).toBe(403);
    expect(member.json()).toMatchObject({ error: 'Admins only' });
  });

  it('gives the admin to the handler', async () => {
    const routes = await app();
    const admin = await routes.inject({ method: 'POST', url: '/inside', payload: { a: 1 }, headers: as(42, 'admin') });
    expect(admin.json()).toEqual({ userId: 42, body: { a: 1 } });
  });

  it('answers 500 when adminOf is used on a route outside a group, even for an admin', async () => {
    const routes = await app();
    expect((await routes.inject({ method: 'GET', url: '/outside', headers: as(42, 'admin') })).statusCode).toBe(500);
  });
});
