import { request } from 'undici';
import { afterAll, expect, it, vi } from 'vitest';
import { gatewayOverFakes } from './test-support.js';

// Its own gateway and fakes: the posts fake is stopped part way, which the other docs tests must not see.
const setup = gatewayOverFakes();
afterAll(() => {
  vi.useRealTimers();
});

interface Doc {
  paths: Record<string, unknown>;
  'x-unavailable-services': string[];
}

async function served(): Promise<Doc> {
  const res = await request(`${setup.gateway.url}/api/docs/openapi.json`);
  return (await res.body.json()) as Doc;
}

it('keeps the last document of a service that stops answering, and lists only those never heard from', async () => {
  const before = await served();
  expect(before.paths['/api/posts/{id}']).toBeDefined();
  expect(before['x-unavailable-services']).not.toContain('posts');

  await setup.fakes.stop('posts');
  // Past every cache: the next read asks each service again, and posts does not answer.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + 60_000);
  const after = await served();
  expect(after.paths['/api/posts/{id}']).toEqual(before.paths['/api/posts/{id}']);
  expect(after['x-unavailable-services']).not.toContain('posts');
  expect(after['x-unavailable-services']).toContain('wallet');
});
