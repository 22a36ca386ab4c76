/**
 * API documentation for integrators:
 *   /api/docs/openapi.json  every service's `/openapi.json`, merged (openapi-merge.ts). Fetched with
 *                           a 1 s deadline each and cached 30 s, so the docs never hammer services.
 *                           A service that misses the deadline (busy, restarting) keeps the last
 *                           document it gave: its API did not change by being slow. One that never
 *                           answered leaves its part out (listed in `x-unavailable-services`), and
 *                           such an incomplete document is cached only briefly.
 *   /api/docs               Swagger UI, served from swagger-ui-dist under /api/docs/assets/ (no CDN).
 *                           Its start-up script is a separate file, so the page needs no inline
 *                           script and passes the strict CSP every HTML answer gets.
 */
import fastifyStatic from '@fastify/static';
import { serviceNames, SITE_INFO_PATH, type ServiceName } from '@kora/contracts';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import type { Upstreams } from './config.js';
import { mergeOpenApi, type MergedOpenApi, type ServiceDocument } from './openapi-merge.js';
import { SITE_INFO_PATH_ITEM } from './site-info.js';
import type { UpstreamClient } from './upstream-client.js';

const FETCH_TIMEOUT_MS = 1_000;
const CACHE_MS = 30_000;
const INCOMPLETE_CACHE_MS = 2_000;
const ASSETS_PREFIX = '/api/docs/assets/';

// The only files of swagger-ui-dist the page uses; the rest (its demo index.html pointing at the
// petstore, source maps) is not served.
const ASSETS = new Set(['/swagger-ui.css', '/swagger-ui-bundle.js', '/favicon-32x32.png', '/favicon-16x16.png']);

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Kora API</title>
    <link rel="stylesheet" href="${ASSETS_PREFIX}swagger-ui.css">
    <link rel="icon" type="image/png" href="${ASSETS_PREFIX}favicon-32x32.png">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS_PREFIX}swagger-ui-bundle.js"></script>
    <script src="/api/docs/init.js"></script>
  </body>
</html>
`;

// BaseLayout without the standalone top bar: no box where a visitor could load another document's URL.
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/docs/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;

function swaggerUiDir(): string {
  // Resolve the package's folder without importing it: its main module evaluates the whole bundle.
  return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

export interface DocsOptions {
  upstreams: Upstreams;
  client: UpstreamClient;
}

export async function installDocs(app: FastifyInstance, options: DocsOptions): Promise<void> {
  let cached: { until: number; doc: MergedOpenApi } | null = null;
  let inFlight: Promise<MergedOpenApi> | null = null;
  const lastGood = new Map<ServiceName, ServiceDocument>();

  async function fetchDocument(service: ServiceName): Promise<ServiceDocument | null> {
    try {
      const { status, body } = await options.client.getJson(`${options.upstreams[service]}/openapi.json`, FETCH_TIMEOUT_MS);
      return status === 200 && body !== null ? { service, doc: body } : null;
    } catch {
      return null;
    }
  }

  async function build(): Promise<MergedOpenApi> {
    const fetched = await Promise.all(
      serviceNames.map(async (service) => {
        const doc = await fetchDocument(service);
        if (doc) lastGood.set(service, doc);
        return doc ?? lastGood.get(service) ?? null;
      }),
    );
    const documents = fetched.filter((d): d is ServiceDocument => d !== null);
    const unavailable = serviceNames.filter((_, i) => fetched[i] === null);
    const doc = mergeOpenApi(documents, unavailable);
    // The gateway's own public route: no service describes it.
    doc.paths[SITE_INFO_PATH] = SITE_INFO_PATH_ITEM;
    doc.tags.push({ name: 'gateway', description: 'What the gateway answers itself' });
    return doc;
  }

  // Concurrent readers share one round of fetches instead of each fanning out to every service.
  function merged(): Promise<MergedOpenApi> {
    if (cached && Date.now() < cached.until) return Promise.resolve(cached.doc);
    inFlight ??= build()
      .then((doc) => {
        const complete = doc['x-unavailable-services'].length === 0;
        cached = { until: Date.now() + (complete ? CACHE_MS : INCOMPLETE_CACHE_MS), doc };
        return doc;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  app.get('/api/docs/openapi.json', async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${CACHE_MS / 1000}`);
    return merged();
  });

  const page = async (_request: unknown, reply: FastifyReply) => reply.type('text/html; charset=utf-8').send(PAGE);
  app.get('/api/docs', page);
  app.get('/api/docs/', page);
  app.get('/api/docs/init.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=300').send(INIT_SCRIPT),
  );

  await app.register(fastifyStatic, {
    root: swaggerUiDir(),
    prefix: ASSETS_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    allowedPath: (pathName) => ASSETS.has(pathName),
    maxAge: 60 * 60 * 1000,
  });
}
