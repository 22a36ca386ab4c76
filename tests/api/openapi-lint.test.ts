/**
 * The merged OpenAPI document as integrators' tools see it (decision 015): the document the gateway
 * serves at /api/docs/openapi.json passes `redocly lint` with the project's rules (redocly.yaml:
 * recommended, plus an operationId on every operation) with no errors, and a document missing an
 * operationId does not, so this test fails the day a route is added without one. Every JSON request
 * body and success answer shows an example (from the contracts' schemas), so integrators see a
 * realistic call and answer for each operation.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, MODE } from './support/product.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REDOCLY = path.join(ROOT, 'node_modules', '.bin', 'redocly');
const run = promisify(execFile);

type Json = Record<string, unknown>;
interface LintReport {
  totals: { errors: number; warnings: number };
  problems: { ruleId: string; severity: string; message: string }[];
}

let dir: string;
let served: Json;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'kora-openapi-'));
  // A product that has just started may not have given the gateway every service's document within
  // its 1 s deadline yet (the first build of each is the slow one): ask again until none is missing.
  const deadline = Date.now() + 60_000;
  do {
    const res = await api('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    served = (await res.json()) as Json;
    if ((served['x-unavailable-services'] as unknown[]).length === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
  } while (Date.now() < deadline);
  expect(served['x-unavailable-services']).toEqual([]);
});
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function lint(doc: unknown, name: string): Promise<LintReport> {
  const file = path.join(dir, `${name}.json`);
  await writeFile(file, JSON.stringify(doc));
  const args = ['lint', file, '--config', path.join(ROOT, 'redocly.yaml'), '--format', 'json'];
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
  // redocly exits 1 when it finds errors; its report is on stdout either way.
  const { stdout } = await run(REDOCLY, args, { env, maxBuffer: 32 * 1024 * 1024 }).catch((err: { stdout?: string }) => {
    if (!err.stdout) throw err;
    return { stdout: err.stdout };
  });
  return JSON.parse(stdout.slice(stdout.indexOf('{'))) as LintReport;
}

const OPERATIONS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
function operations(doc: Json): [string, string, Json][] {
  return Object.entries(doc.paths as Record<string, Json>).flatMap(([p, item]) =>
    OPERATIONS.filter((m) => m in item).map((m) => [p, m, item[m] as Json] as [string, string, Json]),
  );
}

/** A schema as the document holds it: inline, or by `$ref` to its components. */
function resolve(doc: Json, schema: Json | undefined): Json | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return ref
    .split('/')
    .slice(1)
    .reduce<Json | undefined>((node, key) => node?.[key] as Json | undefined, doc);
}

/**
 * Whether a JSON body shows an example: on the media type, on its schema, or, for a list, on its
 * items (which is how tools build a list's example, and how the contracts give one).
 */
function hasExample(doc: Json, media: Json): boolean {
  if (media.example !== undefined || media.examples !== undefined) return true;
  const schema = resolve(doc, media.schema as Json | undefined);
  if (schema?.example !== undefined || schema?.examples !== undefined) return true;
  const items = schema?.type === 'array' ? resolve(doc, schema.items as Json | undefined) : undefined;
  return items?.example !== undefined || items?.examples !== undefined;
}

/** Routes answering files, not JSON (the document still lists their answer as application/json). */
const BINARY_PATHS = /^\/uploads\//;

/**
 * The JSON bodies of an operation that must show an example: its request body and its 2xx answers.
 * Answers without a body (101, 204, redirects) and binary ones (/uploads) have no JSON to show.
 */
function jsonBodies(path: string, op: Json): [string, Json][] {
  if (BINARY_PATHS.test(path)) return [];
  const json = (content: unknown) => (content as Record<string, Json> | undefined)?.['application/json'];
  const bodies: [string, Json | undefined][] = [['request body', json((op.requestBody as Json | undefined)?.content)]];
  for (const [status, answer] of Object.entries(op.responses as Record<string, Json>)) {
    if (/^2\d\d$/.test(status) && status !== '204') bodies.push([status, json(answer.content)]);
  }
  return bodies.filter((entry): entry is [string, Json] => entry[1] !== undefined);
}

describe(`the merged OpenAPI document (${MODE})`, () => {
  it('passes redocly lint with no errors', async () => {
    const report = await lint(served, 'served');
    const errors = report.problems.filter((p) => p.severity === 'error').map((p) => `${p.ruleId}: ${p.message}`);
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it('fails the lint when an operation loses its operationId', async () => {
    const broken = structuredClone(served);
    const [, , operation] = operations(broken).find(([p, m]) => p === '/api/posts' && m === 'get')!;
    delete operation.operationId;
    const report = await lint(broken, 'broken');
    expect(report.totals.errors).toBeGreaterThan(0);
    expect(report.problems.map((p) => p.ruleId)).toContain('operation-operationId');
  }, 60_000);

  it('names every operation, says how each is authenticated, and has a server', () => {
    const ids = operations(served).map(([, , op]) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [p, m, op] of operations(served)) expect(Array.isArray(op.security), `${m} ${p}`).toBe(true);
    expect(served.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const schemes = (served.components as Json).securitySchemes as Json;
    expect(Object.keys(schemes).sort()).toEqual(['bearerAuth', 'cookieAuth']);
    expect(Object.keys(served.paths as Json)).toContain('/uploads/{path}');
  });

  it('shows an example of every JSON request body and success answer', () => {
    const missing = operations(served).flatMap(([p, m, op]) =>
      jsonBodies(p, op)
        .filter(([, media]) => !hasExample(served, media))
        .map(([which]) => `${m} ${p} ${which}`),
    );
    expect(missing).toEqual([]);
    // The check itself finds a body without one (the feed's items lose theirs).
    const broken = structuredClone(served);
    const [, , feed] = operations(broken).find(([p, m]) => p === '/api/posts' && m === 'get')!;
    const list = resolve(
      broken,
      ((feed.responses as Record<string, Json>)['200']!.content as Record<string, Json>)['application/json']!.schema as Json,
    )!;
    delete resolve(broken, list.items as Json)!.example;
    expect(jsonBodies('/api/posts', feed).some(([, media]) => !hasExample(broken, media))).toBe(true);
  });

  it('describes the paging headers and an example answer on every list route', () => {
    const paths = served.paths as Record<string, Record<string, Json>>;
    const lists = ['/api/posts', '/api/saves', '/api/notifications'];
    for (const route of lists) {
      const ok = (paths[route]!.get!.responses as Record<string, Json>)['200']!;
      expect(Object.keys(ok.headers as Json).sort(), route).toEqual(['Link', 'X-Next-Cursor']);
    }
    for (const route of [
      ...lists,
      '/api/memories',
      '/api/friends/requests',
      '/api/friends/list',
      '/api/friends/suggestions',
      '/api/users/search',
    ]) {
      const ok = (paths[route]!.get!.responses as Record<string, Json>)['200']!;
      const schema = ((ok.content as Json)['application/json'] as Json).schema as Json;
      expect(schema.type, route).toBe('array');
      expect(JSON.stringify(schema), `${route} has an example`).toMatch(/"example"/);
    }
  });
});
