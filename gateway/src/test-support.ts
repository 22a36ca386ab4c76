/**
 * Test support for the gateway's own tests (and the cross-service suites): a way to mint access
 * tokens the way the auth service does, fake upstreams that report what reached them, and a real
 * gateway listening on a free port. Never imported by production code: minting tokens is the auth
 * service's job alone.
 */
import { createLogger, MemoryEventBus, MemoryStore, watchSiteSettings, type SiteSettingsView } from '@kora/platform';
import { serviceNames } from '@kora/contracts';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { WebSocketServer, type RawData } from 'ws';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, ENDED_SESSIONS_HEADER } from '@kora/platform/access-token';
import { buildGateway } from './app.js';
import { gatewayEnvSchema, upstreamVariables, type GatewayEnv, type UpstreamName, type Upstreams } from './config.js';

export const TEST_INTERNAL_SECRET = 'internal-secret-for-gateway-tests';
export const TEST_ACCESS_TOKEN_SECRET = 'access-token-secret-for-gateway-tests';

export interface MintOptions {
  sub: number | string;
  role?: 'user' | 'admin';
  sid?: string;
  /** jose duration ('15m') or seconds since the epoch; a past value mints an expired token. */
  expiresAt?: string | number;
  secret?: string;
  issuer?: string;
  audience?: string;
}

export function mintAccessToken(options: MintOptions): Promise<string> {
  return new SignJWT({ role: options.role ?? 'user', sid: options.sid ?? 'session-1' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(options.sub))
    .setIssuer(options.issuer ?? ACCESS_TOKEN_ISSUER)
    .setAudience(options.audience ?? ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expiresAt ?? '15m')
    .sign(new TextEncoder().encode(options.secret ?? TEST_ACCESS_TOKEN_SECRET));
}

/** What one fake upstream saw. */
export interface UpstreamHit {
  upstream: UpstreamName;
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
  bodySha256: string;
}

export interface FakeUpstreams {
  urls: Upstreams;
  hits: UpstreamHit[];
  /** Messages of the WebSocket handshakes the fake notifications service accepted. */
  sockets: { headers: IncomingHttpHeaders; url: string }[];
  stop(name: UpstreamName): Promise<void>;
  close(): Promise<void>;
}

/** OpenAPI documents two of the fakes publish; the others answer 404 ("down" for the docs). */
const FAKE_DOCS: Partial<Record<UpstreamName, unknown>> = {
  posts: {
    openapi: '3.0.3',
    info: { title: 'Kora posts service', version: '1.0.0', description: 'Posts and the feed' },
    paths: {
      '/api/posts': { get: { summary: 'The feed', tags: ['feed'], responses: { 200: { description: 'ok' } } } },
      '/api/posts/{id}': {
        get: {
          summary: 'One post',
          responses: { 200: { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Post' } } } } },
        },
      },
      '/internal/projections': { post: { summary: 'internal only', responses: { 204: { description: 'ok' } } } },
    },
    components: { schemas: { Post: { type: 'object', properties: { id: { type: 'integer' } } } } },
  },
  auth: {
    openapi: '3.0.3',
    info: { title: 'Kora auth service', version: '1.0.0', description: 'Accounts and sessions' },
    paths: {
      '/api/signin': { post: { summary: 'Sign in', responses: { 200: { description: 'ok' } } } },
      '/api/users/{id}': { get: { summary: 'A profile', responses: { 200: { description: 'ok' } } } },
    },
    components: { schemas: { Post: { type: 'string' } } },
  },
};

function hashOf(req: IncomingMessage): Promise<{ bytes: number; sha256: string }> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      hash.update(chunk);
    });
    req.on('end', () => resolve({ bytes, sha256: hash.digest('hex') }));
    req.on('error', reject);
  });
}

/** URLs of `/endless` answers whose connection closed (the client left and the proxy passed it on). */
export const endlessClosed: string[] = [];

/** A WebSocket message as text (ws hands a text frame over as a Buffer). */
export function messageText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

function fakeHandler(upstream: UpstreamName, hits: UpstreamHit[]) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0]!;
    if (path.endsWith('/answers-early')) {
      // As media does for an anonymous upload: refused before a byte of the body is read.
      return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"refused":true}');
    }
    const { bytes, sha256 } = await hashOf(req);
    // Headers that should never reach a browser; the gateway must drop them.
    res.setHeader('server', 'fake-upstream/1.0');
    res.setHeader('x-powered-by', 'Express');

    if (path === '/healthz') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    if (path === '/openapi.json') {
      const doc = FAKE_DOCS[upstream];
      if (!doc) return void res.writeHead(404).end();
      return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(doc));
    }

    hits.push({ upstream, method: req.method ?? 'GET', url, headers: req.headers, bodyBytes: bytes, bodySha256: sha256 });
    if (path.endsWith('/slow')) await new Promise((r) => setTimeout(r, 2_000));
    // Answers big enough to compress, in the types the product sends.
    if (path.endsWith('/big.json'))
      return void res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ items: Array.from({ length: 200 }, (_, i) => ({ id: i, text: 'jollof' })) }));
    if (path.endsWith('/big.png')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(8192, 1));
    if (path.endsWith('/paged.json')) {
      // A list page as the services answer it (decision 015): a bare array, the next page in headers.
      const next = { link: '</api/posts/paged.json?cursor=abc&limit=1>; rel="next"', 'x-next-cursor': 'abc' };
      return void res.writeHead(200, { 'content-type': 'application/json', ...next }).end('[{"id":1}]');
    }
    if (path.endsWith('/ends-sessions')) {
      // As auth answers a sign-out, a revoke or a password change: the sessions it ended, named.
      const sids = new URL(url, 'http://upstream').searchParams.get('sids') ?? '';
      return void res.writeHead(204, { [ENDED_SESSIONS_HEADER]: sids }).end();
    }
    if (path.endsWith('/small.json'))
      return void res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' }).end('{"ok":true}');
    if (path.endsWith('/precompressed.js')) {
      return void res
        .writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'br' })
        .end(brotliCompressSync('console.log(1);'.repeat(500)));
    }
    if (path.endsWith('/huge.json')) {
      // Past the size the proxy reads whole: it streams (and compresses as it streams).
      const body = JSON.stringify({ items: Array.from({ length: 4_000 }, (_, i) => ({ id: i, text: `jollof ${i}` })) });
      return void res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    }
    if (path.endsWith('/chunked.html')) {
      // A page of unknown length, as a streamed server render sends it.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(`<!doctype html><html><body>${'<p>first</p>'.repeat(200)}`);
      return void setTimeout(() => res.end(`${'<p>second</p>'.repeat(200)}</body></html>`), 20);
    }
    if (path.endsWith('/endless')) {
      // Never ends on its own: only a client that leaves (and the proxy passing that on) stops it.
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const timer = setInterval(() => res.write(Buffer.alloc(16 * 1024, 7)), 5);
      res.on('close', () => {
        clearInterval(timer);
        endlessClosed.push(url);
      });
      return;
    }
    if (path.endsWith('/own-headers')) {
      // An upstream's own values for headers the edge sets itself.
      return void res
        .writeHead(200, {
          'content-type': 'application/json',
          'x-frame-options': 'SAMEORIGIN',
          'x-request-id': 'chosen-by-upstream',
          'x-content-type-options': 'off',
        })
        .end('{}');
    }
    if (path.endsWith('/unavailable')) return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"down":true}');
    if (upstream === 'web' && !path.includes('.')) {
      const nonce = String(req.headers['x-csp-nonce'] ?? '');
      return void res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><body><script nonce="${nonce}">1</script></body></html>`);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ upstream, method: req.method, url, headers: req.headers, bodyBytes: bytes, bodySha256: sha256 }));
  };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
  });
}

function shut(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export async function startFakeUpstreams(): Promise<FakeUpstreams> {
  const hits: UpstreamHit[] = [];
  const sockets: FakeUpstreams['sockets'] = [];
  const servers = new Map<UpstreamName, Server>();
  const urls = {} as Upstreams;
  const wss = new WebSocketServer({ noServer: true });

  for (const name of [...serviceNames, 'web'] as UpstreamName[]) {
    const handle = fakeHandler(name, hits);
    const server = createServer((req, res) => void handle(req, res).catch((err: Error) => res.destroy(err)));
    if (name === 'notifications') {
      server.on('upgrade', (req, socket, head) => {
        if (req.url?.startsWith('/ws?refuse')) {
          const body = '{"refused":true}';
          socket.end(`HTTP/1.1 401 Unauthorized\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`);
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          sockets.push({ headers: req.headers, url: req.url ?? '' });
          ws.send(
            JSON.stringify({
              identity: req.headers['x-kora-identity'] ?? null,
              requestId: req.headers['x-request-id'] ?? null,
              url: req.url ?? null,
              protocols: req.headers['sec-websocket-protocol'] ?? null,
              authorization: req.headers.authorization ?? null,
            }),
          );
          ws.on('message', (data) => ws.send(`echo:${messageText(data)}`));
        });
      });
    }
    servers.set(name, server);
    urls[name] = await listen(server);
  }

  return {
    urls,
    hits,
    sockets,
    stop: (name) => shut(servers.get(name)!),
    async close() {
      for (const client of wss.clients) client.terminate();
      wss.close();
      await Promise.all([...servers.values()].map(shut));
    },
  };
}

/** The env a test gateway runs with: memory store, quiet logs, the fakes as upstreams. */
export function testEnv(upstreams: Upstreams, overrides: Record<string, string> = {}): GatewayEnv {
  const urls = Object.fromEntries(
    (Object.keys(upstreamVariables) as UpstreamName[]).map((name) => [upstreamVariables[name], upstreams[name]]),
  );
  return gatewayEnvSchema.parse({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    ACCESS_TOKEN_SECRET: TEST_ACCESS_TOKEN_SECRET,
    CACHE_STORE: 'memory',
    EVENT_BUS: 'memory',
    LOG_LEVEL: 'silent',
    ...urls,
    ...overrides,
  });
}

export interface TestGateway {
  app: FastifyInstance;
  url: string;
  store: MemoryStore;
  /** Publish `site-settings.updated` here to change the gateway's live settings. */
  bus: MemoryEventBus;
  close(): Promise<void>;
}

/** A site-settings view on an in-memory bus, for gateways built in tests. */
export async function testSiteSettings(): Promise<{ bus: MemoryEventBus; view: SiteSettingsView }> {
  const bus = new MemoryEventBus();
  return { bus, view: await watchSiteSettings(bus, createLogger('gateway', 'silent'), 'gateway-test') };
}

/** A clock standing still halfway through a minute: no rate-limit window ends while a test counts. */
export function stillClock(): () => number {
  const halfwayThroughThisMinute = Math.floor(Date.now() / 60_000) * 60_000 + 30_000;
  return () => halfwayThroughThisMinute;
}

export async function startTestGateway(
  upstreams: Upstreams,
  overrides: Record<string, string> = {},
  options: { logFile?: string; now?: () => number } = {},
): Promise<TestGateway> {
  const env = testEnv(upstreams, overrides);
  const store = new MemoryStore(options.now);
  const { bus, view } = await testSiteSettings();
  const log = createLogger('gateway', env.LOG_LEVEL, options.logFile);
  const app = await buildGateway({
    env,
    upstreams,
    notificationsInstances: env.NOTIFICATIONS_URL,
    store,
    log,
    siteSettings: view,
    now: options.now,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    app,
    url,
    store,
    bus,
    async close() {
      await app.close();
      await view.stop();
      await bus.close();
      await store.close();
    },
  };
}

/**
 * Sends `head` (request line and headers, CRLF-separated, no final blank line) byte for byte and
 * returns the raw answer: for requests an HTTP client would normalise (dot segments) or refuse.
 */
export function rawHttp(baseUrl: string, head: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(`${head}\r\nconnection: close\r\n\r\n`));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/**
 * A test gateway in front of fake upstreams for the calling test file (or describe block): started
 * before its tests, closed after them, each test starting with no hits recorded.
 */
export function gatewayOverFakes(overrides: Record<string, string> = {}): { readonly gateway: TestGateway; readonly fakes: FakeUpstreams } {
  const state = {} as { gateway: TestGateway; fakes: FakeUpstreams };
  beforeAll(async () => {
    state.fakes = await startFakeUpstreams();
    state.gateway = await startTestGateway(state.fakes.urls, overrides);
  });
  afterAll(async () => {
    await state.gateway?.close();
    await state.fakes?.close();
  });
  beforeEach(() => {
    if (state.fakes) state.fakes.hits.length = 0;
  });
  return state;
}
