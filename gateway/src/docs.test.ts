import { serviceNames } from '@kora/contracts';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstreams, startTestGateway, type FakeUpstreams, type TestGateway } from './test-support.js';

let fakes: FakeUpstreams;
let gateway: TestGateway;

beforeAll(async () => {
  fakes = await startFakeUpstreams();
  await fakes.stop('wallet');
  gateway = await startTestGateway(fakes.urls);
});
afterAll(async () => {
  await gateway?.close();
  await fakes?.close();
});

async function get(path: string) {
  const res = await request(`${gateway.url}${path}`);
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

interface Doc {
  openapi: string;
  info: { title: string };
  tags: { name: string }[];
  paths: Record<string, Record<string, { tags: string[] }>>;
  components: { schemas: Record<string, unknown> };
  'x-unavailable-services': string[];
}

describe('merged OpenAPI', () => {
  it('merges the paths of every service that answers, tagged by service', async () => {
    const res = await get('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const doc = JSON.parse(res.text) as Doc;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Kora API');
    expect(doc.paths['/api/posts/{id}']?.get?.tags).toEqual(['posts']);
    expect(doc.paths['/api/posts']?.get?.tags).toEqual(['posts']);
    expect(doc.paths['/api/signin']?.post?.tags).toEqual(['auth']);
    expect(doc.paths['/api/users/{id}']?.get?.tags).toEqual(['auth']);
    expect(doc.tags.map((t) => t.name).sort()).toEqual(['auth', 'gateway', 'posts']);
    expect(doc.paths['/api/site']?.get?.tags).toEqual(['gateway']);
    // A service's internal route is not public API.
    expect(doc.paths['/internal/projections']).toBeUndefined();
    // Both services call a schema "Post"; neither replaces the other (auth's came first).
    expect(Object.keys(doc.components.schemas).sort()).toEqual(['Post', 'posts.Post']);
    expect(JSON.stringify(doc.paths['/api/posts/{id}'])).toContain('#/components/schemas/posts.Post');
  });

  it('lists services that contributed nothing, the stopped one included', async () => {
    const doc = JSON.parse((await get('/api/docs/openapi.json')).text) as Doc;
    expect(doc['x-unavailable-services']).toContain('wallet');
    expect(doc['x-unavailable-services']).not.toContain('posts');
    expect(doc['x-unavailable-services']).toHaveLength(serviceNames.length - 2);
  });

  it('serves Swagger UI from local assets, with no inline script', async () => {
    const page = await get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('/api/docs/assets/swagger-ui-bundle.js');
    expect(page.text).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.text).not.toMatch(/https?:\/\//);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const init = await get('/api/docs/init.js');
    expect(init.headers['content-type']).toMatch(/^text\/javascript/);
    expect(init.text).toContain('/api/docs/openapi.json');

    const bundle = await get('/api/docs/assets/swagger-ui-bundle.js');
    expect(bundle.status).toBe(200);
    expect(bundle.text.length).toBeGreaterThan(100_000);
    const css = await get('/api/docs/assets/swagger-ui.css');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it("does not serve the package's other files (its demo page points at the petstore)", async () => {
    const res = await get('/api/docs/assets/index.html');
    expect(res.status).toBe(404);
    expect(JSON.parse(res.text)).toMatchObject({ code: 'NOT_FOUND' });
  });
});
