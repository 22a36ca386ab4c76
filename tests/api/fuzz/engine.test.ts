/**
 * The fuzzer catches what it is for: run against a small server whose routes misbehave on purpose
 * (one throws a 500, one leaks a stack trace in its error, one answers outside the error shape, one
 * accepts an invalid write), each is reported; a well-behaved route is not. This is the mutation
 * check of the fuzzer itself, needing no product.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationsOf, type OpenApiDocument } from './openapi.js';
import { fuzzOperations, type Caller } from './run.js';

const json = { 'content-type': 'application/json' };
const shaped = (text: string) => JSON.stringify({ error: text, message: text, code: 'BAD_REQUEST' });

const doc: OpenApiDocument = {
  paths: Object.fromEntries(
    ['throws', 'leaks', 'unshaped', 'accepts', 'fine'].map((name) => [
      `/api/${name}/{id}`,
      {
        put: {
          operationId: name,
          parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
          requestBody: {
            content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } } },
          },
        },
      },
    ]),
  ),
};

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const name = (req.url ?? '').split('/')[2];
      if (name === 'throws') return void res.writeHead(500, json).end(shaped('Something went wrong'));
      if (name === 'leaks')
        return void res
          .writeHead(400, json)
          .end(shaped('TypeError: x is undefined\n    at handler (/work/kora/services/posts/src/routes.ts:12:5)'));
      if (name === 'unshaped') return void res.writeHead(400, json).end(JSON.stringify({ statusCode: 400, message: 'Bad Request' }));
      if (name === 'accepts') return void res.writeHead(200, json).end('{}');
      res.writeHead(400, json).end(shaped('The request is not valid'));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the fuzzer against routes that misbehave on purpose', () => {
  it('reports the 500, the leaked stack, the wrong shape and the accepted write, and nothing on the good route', async () => {
    const anonymous: Caller = { name: 'anonymous', headers: {} };
    const summary = await fuzzOperations({
      baseUrl,
      operations: operationsOf(doc),
      callers: { anonymous, member: anonymous, admin: anonymous },
      context: { ids: [1], pathExamples: {} },
      seed: 1,
      runs: 3,
    });
    const problemsOf = (name: string) =>
      new Set(summary.findings.filter((f) => f.request.path.startsWith(`/api/${name}/`)).flatMap((f) => f.problems));
    expect(problemsOf('throws')).toContain('status 500');
    expect([...problemsOf('leaks')]).toEqual(
      expect.arrayContaining(['body shows a stack frame', 'body shows a server path (/work/)', 'body shows a source file (.ts:)']),
    );
    expect(problemsOf('unshaped')).toContain('no `error` text');
    expect(problemsOf('accepts')).toContain('accepted (200) a write built to be invalid');
    expect(problemsOf('fine')).toEqual(new Set());
  });
});
