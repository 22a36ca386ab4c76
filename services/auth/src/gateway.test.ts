/**
 * The contract with the gateway, end to end: tokens this service issues are accepted at the edge,
 * and a session revoked here (sign-out, revoke, password change) is refused there at once, through
 * the `revoked-session:<sid>` flag in the shared store. The real gateway, built in-process.
 */
import { createLogger, watchSiteSettings } from '@kora/platform';
import { testEnv } from '@kora/testing';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildGateway } from '../../../gateway/src/app.js';
import { gatewayEnvSchema, upstreamVariables } from '../../../gateway/src/config.js';
import { newMember, startAuth, TEST_ACCESS_TOKEN_SECRET, type AuthTestService } from './test-support.js';
import { eq } from 'drizzle-orm';

describe(`auth behind the gateway (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: AuthTestService;
  let gateway: FastifyInstance;
  let base: string;
  let stopSettings: () => Promise<void>;

  beforeAll(async () => {
    svc = await startAuth();
    const authUrl = await svc.app.listen({ host: '127.0.0.1', port: 0 });
    const nowhere = 'http://127.0.0.1:9';
    const upstreams = Object.fromEntries(Object.keys(upstreamVariables).map((name) => [name, name === 'auth' ? authUrl : nowhere]));
    const env = gatewayEnvSchema.parse({
      INTERNAL_SECRET: testEnv().INTERNAL_SECRET,
      ACCESS_TOKEN_SECRET: TEST_ACCESS_TOKEN_SECRET,
      CACHE_STORE: 'memory',
      EVENT_BUS: 'memory',
      LOG_LEVEL: 'silent',
      ...Object.fromEntries(Object.entries(upstreamVariables).map(([name, variable]) => [variable, upstreams[name]])),
    });
    const log = createLogger('gateway', 'silent');
    const siteSettings = await watchSiteSettings(svc.adapters.bus, log, 'gateway-test');
    stopSettings = () => siteSettings.stop();
    // The gateway reads revoked-session flags from the store the service writes them to.
    gateway = await buildGateway({ env, upstreams: upstreams as never, store: svc.ctx.store, log, siteSettings });
    base = await gateway.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await gateway?.close();
    await stopSettings?.();
    await svc?.close();
  });

  const call = (path: string, init: { method?: string; token?: string; body?: unknown } = {}) =>
    fetch(base + path, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      ...(init.body ? { body: JSON.stringify(init.body) } : {}),
    });

  async function signedIn() {
    const member = newMember();
    expect((await call('/api/signUp', { body: member })).status).toBe(201);
    await svc.ctx.db.update(svc.tables.users).set({ status: 'active' }).where(eq(svc.tables.users.email, member.email));
    const res = await call('/api/signin', { body: { email: member.email, password: member.password } });
    expect(res.status).toBe(200);
    return { member, tokens: (await res.json()) as { token: string; refreshToken: string } };
  }

  it('accepts the access token, and refuses it at once after sign-out', async () => {
    const { tokens } = await signedIn();
    const me = await call('/api/auth/session', { token: tokens.token });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ role: 'user' });
    expect((await call('/api/signout', { method: 'POST', token: tokens.token })).status).toBe(204);
    const after = await call('/api/auth/session', { token: tokens.token });
    expect(after.status).toBe(401);
    expect(after.headers.get('x-kora-auth')).toBe('invalid-token');
  });

  it('refuses the tokens of a session revoked from the Security tab, and of the others after a password change', async () => {
    const { member, tokens: phone } = await signedIn();
    const laptop = (await (await call('/api/signin', { body: { email: member.email, password: member.password } })).json()) as {
      token: string;
    };
    const tablet = (await (await call('/api/signin', { body: { email: member.email, password: member.password } })).json()) as {
      token: string;
    };
    const sessions = (await (await call('/api/settings/security/sessions', { token: laptop.token })).json()) as {
      id: string;
      current: boolean;
    }[];
    expect(sessions).toHaveLength(3);
    const phoneSid = JSON.parse(Buffer.from(phone.token.split('.')[1]!, 'base64url').toString()).sid as string;
    expect((await call(`/api/settings/security/sessions/${phoneSid}`, { method: 'DELETE', token: laptop.token })).status).toBe(204);
    expect((await call('/api/auth/session', { token: phone.token })).status).toBe(401);
    expect((await call('/api/auth/session', { token: laptop.token })).status).toBe(200);

    const changed = await call('/api/settings/security/password', {
      method: 'PUT',
      token: laptop.token,
      body: { currentPassword: member.password, newPassword: 'a new long password' },
    });
    expect(changed.status).toBe(200);
    expect((await call('/api/auth/session', { token: tablet.token })).status).toBe(401);
    expect((await call('/api/auth/session', { token: laptop.token })).status).toBe(200);
  });
});
