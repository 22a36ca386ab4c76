/**
 * The web app's HTTP server: static files from build/client, everything else through Remix.
 *
 * createWebServer() returns a plain, not-yet-listening node:http Server, so the caller decides
 * how to run it: `server.listen(port)` (distributed mode, see main.ts) or as the upstream of the
 * gateway inside the single embedded process. It never listens by itself.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ErrorCode, errorBody, type ErrorBody } from '@kora/contracts';
import { requestRecorder } from '@kora/platform/metrics';
import { redactUrl } from '@kora/platform/redact-url';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import { CSP_NONCE_HEADER, sanitizeNonce } from '../app/load-context';
import { sendFetchResponse, toFetchRequest } from './node-adapter';
import { tracePageRequest } from './page-trace';
import { serveStatic } from './static';

/** GATEWAY_URL, INTERNAL_SECRET, PUBLIC_SITE_NAME, NODE_ENV (see app/utils/env.server.ts). */
export type WebEnv = Record<string, string | undefined>;

export interface WebServerOptions {
  /** Folder holding `client/` and `server/` from `remix vite:build`; defaults to web/build. */
  buildDir?: string;
  /** One access-log line per request on stdout (method, path, status, ms). */
  logger?: boolean;
  /**
   * Configuration that wins over process.env (embedded mode passes its generated secrets and the
   * gateway URL here). An object is validated at once; a function is called and validated at
   * the first request, for values known only later (e.g. the gateway's port).
   */
  env?: WebEnv | (() => WebEnv);
}

/** What entry.server.tsx exports besides the Remix entry points. */
interface EnvHooks {
  configureServerEnv: (values: WebEnv | (() => WebEnv)) => void;
  getServerEnv: () => unknown;
  withPagePreferences: (request: Request, handle: () => Promise<Response>) => Promise<Response>;
}

/** The metrics' route labels (decision 052): Remix's pages and their data, and files from build/client. */
const REMIX_ROUTE = 'remix';
const STATIC_ROUTE = 'static';

export const DEFAULT_BUILD_DIR = fileURLToPath(new URL('../build', import.meta.url));

function loadContextFor(req: IncomingMessage): AppLoadContext {
  const header = req.headers[CSP_NONCE_HEADER];
  return { cspNonce: sanitizeNonce(Array.isArray(header) ? header[0] : header) };
}

/** The web server's own refusals, in the one error shape every part of Kora answers with (decision 015). */
function sendError(res: ServerResponse, status: number, body: ErrorBody): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(JSON.stringify(body));
}

export async function createWebServer(options: WebServerOptions = {}): Promise<Server> {
  const buildDir = path.resolve(options.buildDir ?? DEFAULT_BUILD_DIR);
  const clientDir = path.join(buildDir, 'client');
  const serverEntry = path.join(buildDir, 'server', 'index.js');

  let build: ServerBuild;
  try {
    build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  } catch (error) {
    throw new Error(`Cannot load the web server build at ${serverEntry}; run \`npm run build -w @kora/web\` first`, {
      cause: error,
    });
  }
  const hooks = build.entry.module as unknown as EnvHooks;
  hooks.configureServerEnv(options.env ?? {});
  // Fail at start, listing every bad variable, rather than at the first request.
  if (typeof options.env !== 'function') hooks.getServerEnv();

  // Production unless explicitly told otherwise: Remix then hides error details from responses.
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const handleRemix = createRequestHandler(build, mode);

  /** Answers a request, and says in `answered.route` what answered it (the health route, a static file, Remix). */
  async function handle(req: IncomingMessage, res: ServerResponse, answered: { route: string }) {
    if (req.url === '/healthz') {
      answered.route = '/healthz';
      // Liveness for the launchers and the gateway's upstream probe: no dependency checks.
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Cache-Control', 'no-store');
      res.end(JSON.stringify({ status: 'ok', service: 'web' }));
      return;
    }
    answered.route = STATIC_ROUTE;
    if (await serveStatic(req, res, clientDir)) return;
    if (req.url?.startsWith('/assets/')) {
      // A stale hashed file (e.g. an old tab after a deploy) must not render an HTML page.
      sendError(res, 404, errorBody('Not found', ErrorCode.NotFound));
      return;
    }
    answered.route = REMIX_ROUTE;
    tracePageRequest(req, res);
    const request = toFetchRequest(req, res);
    const response = await hooks.withPagePreferences(request, () => handleRemix(request, loadContextFor(req)));
    await sendFetchResponse(res, response, req.method ?? 'GET');
  }

  const record = requestRecorder('web');
  return createServer((req, res) => {
    const started = performance.now();
    const answered = { route: REMIX_ROUTE };
    res.on('close', () => record(req.method ?? 'GET', answered.route, res.statusCode, (performance.now() - started) / 1000));
    if (options.logger) {
      res.on('finish', () => {
        const ms = (performance.now() - started).toFixed(1);
        console.log(`web ${req.method} ${redactUrl(req.url ?? '')} ${res.statusCode} ${ms}ms`);
      });
    }
    handle(req, res, answered).catch((error: unknown) => {
      console.error('web: request failed', req.method, redactUrl(req.url ?? ''), error);
      if (!res.headersSent) {
        sendError(res, 500, errorBody('Something went wrong', ErrorCode.Internal));
      } else {
        res.destroy();
      }
    });
  });
}
