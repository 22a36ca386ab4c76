/**
 * Serves the browser build (web/build/client): hashed `/assets/*` files are cached forever, the
 * service worker is revalidated on every use (decision 041), everything else (favicon, /images/*)
 * is cached for an hour. Only what a GET/HEAD can name inside the
 * client folder is served; anything else falls through to Remix.
 *
 * The build writes a Brotli (.br) and a gzip (.gz) copy beside each text file (vite.config.ts); a
 * browser that accepts one gets it, with `Content-Encoding` and `Vary: Accept-Encoding`, so no
 * file is compressed again per request.
 */
import negotiate from '@fastify/accept-negotiator';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=3600';
/** A browser looks for a new deploy's service worker here; a cached copy would hold the old one. */
const SERVICE_WORKER_PATH = '/sw.js';
const REVALIDATE = 'no-cache';

const CONTENT_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/**
 * Maps a URL path to a file inside `root`, or null when it must not be served from disk
 * (traversal, dot-files such as `.vite/`, encoded NULs, malformed escapes).
 */
export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null;
  const segments = decoded.split('/').filter(Boolean);
  if (segments.length === 0 || segments.some((s) => s.startsWith('.'))) return null;
  const file = path.resolve(root, ...segments);
  return file.startsWith(root + path.sep) ? file : null;
}

const SUFFIX = { br: '.br', gzip: '.gz' } as const;
type Encoding = keyof typeof SUFFIX;

/** The precompressed copy of `file` to send, in the best encoding the client accepts, or null. */
export async function precompressed(
  file: string,
  acceptEncoding: string | undefined,
): Promise<{ file: string; encoding: Encoding; size: number } | null> {
  if (!acceptEncoding) return null;
  const best = negotiate<Encoding>(acceptEncoding, ['br', 'gzip']);
  if (!best) return null;
  const other = negotiate<Encoding>(acceptEncoding, [best === 'br' ? 'gzip' : 'br']);
  for (const encoding of other ? [best, other] : [best]) {
    const candidate = `${file}${SUFFIX[encoding]}`;
    const info = await stat(candidate).catch(() => null);
    if (info?.isFile()) return { file: candidate, encoding, size: info.size };
  }
  return null;
}

export function cacheControlFor(urlPath: string): string {
  if (urlPath === SERVICE_WORKER_PATH) return REVALIDATE;
  return urlPath.startsWith('/assets/') ? IMMUTABLE : SHORT;
}

/** Answers the request from disk and returns true, or returns false to let Remix handle it. */
export async function serveStatic(req: IncomingMessage, res: ServerResponse, root: string): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const urlPath = (req.url ?? '/').split('?')[0]!;
  const file = resolveStaticPath(root, urlPath);
  if (!file) return false;

  let info;
  try {
    info = await stat(file);
  } catch {
    return false;
  }
  if (!info.isFile()) return false;

  const compressed = await precompressed(file, req.headers['accept-encoding']);
  const sent = compressed ?? { file, size: info.size };
  // One ETag per representation: a cache must not answer a gzip request with the Brotli bytes.
  const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}${compressed ? `-${compressed.encoding}` : ''}"`;
  res.setHeader('Cache-Control', cacheControlFor(urlPath));
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', info.mtime.toUTCString());
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Type', CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream');
  res.setHeader('Vary', 'Accept-Encoding');
  if (compressed) res.setHeader('Content-Encoding', compressed.encoding);

  if (req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return true;
  }
  res.setHeader('Content-Length', sent.size);
  if (req.method === 'HEAD') {
    res.end();
    return true;
  }
  await new Promise<void>((resolve) => {
    const stream = createReadStream(sent.file);
    stream.on('error', () => {
      res.destroy();
      resolve();
    });
    stream.on('end', resolve);
    stream.pipe(res);
  });
  return true;
}
