import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { IDENTITY_HEADER, signIdentity } from '../identity.js';
import type { ServiceApp } from '../service.js';
import { installErrorHandling } from './error-handler.js';
import { installIdentity } from './identity.js';
import { memberOf, memberRoutes } from './member-routes.js';

const SECRET = 'member-routes-test-secret';

async function app(): Promise<ServiceApp> {
  const app = Fastify() as unknown as ServiceApp;
  installIdentity(app, SECRET);
  installErrorHandling(app);
  await memberRoutes(app, (members) => {
    members.post('/inside', async (request) => ({ userId: memberOf(request).userId, body: request.body }));
  });
  app.get('/outside', async (request) => ({ userId: memberOf(request).userId }));
  await app.ready();
  return app;
}

const as = (userId: number) => ({ [IDENTITY_HEADER]: signIdentity({ userId, role: 'user', sessionId: `s-${userId}` }, SECRET) });

describe('memberRoutes', () => {
  it('refuses an anonymous caller before the body is read, and gives a member to the handler', async () => {
    const routes = await app();
    const anonymous = await routes.inject({
      method: 'POST',
      url: '/inside',
      payload: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    const member = await routes.inject({ method: 'POST', url: '/inside', payload: { a: 1 }, headers: as(42) });
    expect(member.json()).toEqual({ userId: 42, body: { a: 1 } });
  });

  it('answers 500 when memberOf is used on a route outside a group, even for a signed-in caller', async () => {
    const routes = await app();
    expect((await routes.inject({ method: 'GET', url: '/outside', headers: as(42) })).statusCode).toBe(500);
  });
});
