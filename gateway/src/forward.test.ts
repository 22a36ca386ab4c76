import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClientAddress } from './client-address.js';
import { EdgeRequest } from './edge-request.js';
import { createForwarder, isForwardablePath, WHOLE_ANSWER_MAX_BYTES } from './forward.js';

describe('isForwardablePath', () => {
  it('passes paths, with or without dots and escapes that are not a parent segment', () => {
    for (const path of ['/', '/api/posts?cursor=0', '/assets/app-1.2.js', '/api/search?q=%20a', '/a/.../b', '/a/..b/c', '/a%2Fb']) {
      expect(isForwardablePath(path), path).toBe(true);
    }
  });

  it('refuses parent segments (plain, encoded, with backslashes), authorities and broken escapes', () => {
    for (const path of [
      '/..',
      '/api/../admin',
      '/api/%2e%2e/admin',
      '/api/%2E%2e',
      '/api\\..\\admin',
      '//evil.test/x',
      '/\\evil.test',
      'http://evil.test/',
      '/api/%zz',
    ]) {
      expect(isForwardablePath(path), path).toBe(false);
    }
  });
});

describe('the forwarder', () => {
  const big = randomBytes(WHOLE_ANSWER_MAX_BYTES * 3);
  let upstream: Server;
  let origin: string;
  let proxy: Server;
  let gateway: string;
  const forwarder = createForwarder({ timeoutMs: 2_000, connectTimeoutMs: 1_000 });

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (req.url === '/small') {
        res.writeHead(201, {
          'content-type': 'application/json',
          'content-length': 11,
          server: 'upstream/1.0',
          'x-powered-by': 'it',
          'x-kept': 'yes',
        });
        res.end('{"ok":true}');
      } else if (req.url === '/big') {
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': big.length });
        res.end(big);
      } else if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('one,');
        setTimeout(() => res.end('two'), 20);
      } else if (req.url === '/broken') {
        // Promises ten bytes, sends three, then the connection dies.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': 10 });
        res.write('{"a');
        setTimeout(() => res.socket?.destroy(), 20);
      } else if (req.url === '/slow') {
        setTimeout(() => res.writeHead(200, { 'content-type': 'text/plain', 'content-length': 4 }).end('late'), 150);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const address = createClientAddress(false);
    proxy = createServer((req, res) => {
      const edge = new EdgeRequest(req, address);
      forwarder.forward(edge, res, { origin, path: edge.url, headers: {}, body: undefined }, () => {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('failed');
      });
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    gateway = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await forwarder.close();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it('sends a small answer whole, with its status and headers, minus the ones that reveal the software', async () => {
    const res = await fetch(`${gateway}/small`);
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('{"ok":true}');
    expect(res.headers.get('content-length')).toBe('11');
    expect(res.headers.get('x-kept')).toBe('yes');
    expect(res.headers.get('server')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('streams a large answer and one of unknown length, byte for byte', async () => {
    const res = await fetch(`${gateway}/big`);
    const body = Buffer.from(await res.arrayBuffer());
    expect(createHash('sha256').update(body).digest('hex')).toBe(createHash('sha256').update(big).digest('hex'));
    expect(await (await fetch(`${gateway}/chunked`)).text()).toBe('one,two');
  });

  it('rejects, having sent nothing of the upstream answer, when a small body breaks off', async () => {
    const res = await fetch(`${gateway}/broken`);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('text/plain');
    expect(await res.text()).toBe('failed');
  });

  it('lives on when the client leaves before the upstream answers', async () => {
    await expect(fetch(`${gateway}/slow`, { signal: AbortSignal.timeout(30) })).rejects.toThrow();
    await new Promise((resolve) => setTimeout(resolve, 250));
    const res = await fetch(`${gateway}/small`);
    expect(res.status).toBe(201);
  });
});
