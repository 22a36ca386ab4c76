import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheControlFor, resolveStaticPath, serveStatic } from './static';

const root = path.resolve('/srv/web/build/client');

describe('resolveStaticPath', () => {
  it('maps URL paths to files inside the client folder', () => {
    expect(resolveStaticPath(root, '/assets/root-abc.js')).toBe(path.join(root, 'assets/root-abc.js'));
    expect(resolveStaticPath(root, '/images/logo%20x.svg')).toBe(path.join(root, 'images/logo x.svg'));
  });

  it.each(['/', '/../secret', '/assets/%2e%2e/%2e%2e/x', '/.vite/manifest.json', '/a%00b', '/a%5c..%5cb', '/%E0%A4%A'])(
    'refuses %s',
    (urlPath) => {
      expect(resolveStaticPath(root, urlPath)).toBeNull();
    },
  );
});

describe('cacheControlFor', () => {
  it('caches hashed assets forever and the rest briefly', () => {
    expect(cacheControlFor('/assets/root-abc.js')).toMatch(/immutable/);
    expect(cacheControlFor('/images/logo.svg')).not.toMatch(/immutable/);
  });

  it('has the service worker revalidated on every use, so a deploy reaches installed apps', () => {
    expect(cacheControlFor('/sw.js')).toBe('no-cache');
  });
});

describe('precompressed copies', () => {
  let dir: string;
  let server: Server;
  let url: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kora-static-'));
    await mkdir(path.join(dir, 'assets'));
    const js = 'console.log("kora");\n'.repeat(200);
    await writeFile(path.join(dir, 'assets', 'app.js'), js);
    await writeFile(path.join(dir, 'assets', 'app.js.br'), brotliCompressSync(js));
    await writeFile(path.join(dir, 'assets', 'app.js.gz'), gzipSync(js));
    await writeFile(path.join(dir, 'assets', 'only-gzip.js'), js);
    await writeFile(path.join(dir, 'assets', 'only-gzip.js.gz'), gzipSync(js));
    await writeFile(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    server = createServer((req, res) => {
      serveStatic(req, res, dir).then(
        (served) => {
          if (!served) res.writeHead(404).end();
        },
        (err: unknown) => res.destroy(err instanceof Error ? err : new Error(String(err))),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  const get = async (file: string, acceptEncoding?: string) => {
    const res = await request(`${url}${file}`, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    return { status: res.statusCode, headers: res.headers, body: Buffer.from(await res.body.arrayBuffer()) };
  };

  it('sends Brotli to a browser that accepts it, with its own length and ETag', async () => {
    const res = await get('/assets/app.js', 'gzip, deflate, br, zstd');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(brotliDecompressSync(res.body).toString()).toContain('console.log("kora")');
    expect(res.body.length).toBeLessThan(200);
    const plain = await get('/assets/app.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBe(21 * 200);
    expect(plain.headers.etag).not.toBe(res.headers.etag);
  });

  it('sends gzip when Brotli is not accepted or has no copy, and the plain file when nothing fits', async () => {
    expect((await get('/assets/app.js', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await get('/assets/app.js', 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    const onlyGzip = await get('/assets/only-gzip.js', 'br, gzip');
    expect(onlyGzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(onlyGzip.body).toString()).toContain('kora');
    expect((await get('/assets/app.js', 'deflate')).headers['content-encoding']).toBeUndefined();
    expect((await get('/logo.png', 'br, gzip')).headers['content-encoding']).toBeUndefined();
  });

  it('answers a matching ETag with 304 for the representation the client holds', async () => {
    const first = await get('/assets/app.js', 'br');
    const again = await request(`${url}/assets/app.js`, {
      headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) },
    });
    await again.body.dump();
    expect(again.statusCode).toBe(304);
  });
});
