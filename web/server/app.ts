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
import { createRequestHandler, type AppLoadContext, type ServerBuild } from '@remix-run/node';
import { CSP_NONCE_HEADER, sanitizeNonce } from '../app/load-context';
import { sendFetchResponse, toFetchRequest } from './node-adapter';
import { serveStatic } from './static';

export interface WebServerOptions {
  /** Folder holding `client/` and `server/` from `remix vite:build`; defaults to web/build. */
  buildDir?: string;
  /** One access-log line per request on stdout (method, path, status, ms). */
  logger?: boolean;
}

export const DEFAULT_BUILD_DIR = fileURLToPath(new URL('../build', import.meta.url));

function loadContextFor(req: IncomingMessage): AppLoadContext {
  const header = req.headers[CSP_NONCE_HEADER];
  return { cspNonce: sanitizeNonce(Array.isArray(header) ? header[0] : header) };
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
  // Production unless explicitly told otherwise: Remix then hides error details from responses.
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const handleRemix = createRequestHandler(build, mode);

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (await serveStatic(req, res, clientDir)) return;
    const response = await handleRemix(toFetchRequest(req, res), loadContextFor(req));
    await sendFetchResponse(res, response, req.method ?? 'GET');
  }

  return createServer((req, res) => {
    const started = performance.now();
    if (options.logger) {
      res.on('finish', () => {
        const ms = (performance.now() - started).toFixed(1);
        console.log(`web ${req.method} ${req.url} ${res.statusCode} ${ms}ms`);
      });
    }
    handle(req, res).catch((error: unknown) => {
      console.error('web: request failed', req.method, req.url, error);
      if (!res.headersSent) {
        res.statusCode = 500;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        res.end('Unexpected Application Error!');
      } else {
        res.destroy();
      }
    });
  });
}
