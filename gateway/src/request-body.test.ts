import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { discardRest } from './request-body.js';
import { gatewayOverFakes } from './test-support.js';

const edge = gatewayOverFakes();

/** A multipart upload of `bytes` bytes, the way a browser or fetch sends one. */
function upload(bytes: number): FormData {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'big.png');
  return form;
}

/** `bytes` bytes in 64 KB chunks, one every few milliseconds. */
function slowBody(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    async pull(controller) {
      if (sent >= bytes) return controller.close();
      await new Promise((r) => setTimeout(r, 2));
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024));
    },
  });
}

describe('an answer that comes before the whole body was read', () => {
  it('always reaches the client, which is still writing an 8 MB body (30 times)', async () => {
    const outcomes: string[] = [];
    for (let i = 0; i < 30; i++) {
      try {
        // Every other time the body comes slowly, as from a phone: the answer is surely first.
        const body = i % 2 ? upload(8 * 1024 * 1024) : slowBody(4 * 1024 * 1024);
        const res = await fetch(`${edge.gateway.url}/api/media/answers-early`, { method: 'POST', body, duplex: 'half' });
        outcomes.push(`${res.status} ${await res.text()}`);
      } catch (err) {
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        outcomes.push(`failed: ${cause?.code ?? cause?.message ?? String(err)}`);
      }
    }
    expect(new Set(outcomes)).toEqual(new Set(['401 {"refused":true}']));
  });

  it('reads the rest after answering, so the client can finish writing and reuse the connection', async () => {
    // Byte for byte on one socket: a quarter of the body, then wait for the answer, then the rest,
    // then a second request. A gateway that closed after answering fails the writes or the second.
    const { hostname, port } = new URL(edge.gateway.url);
    const socket = connect(Number(port), hostname);
    await once(socket, 'connect');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    const closed = once(socket, 'close');
    const total = 4 * 1024 * 1024;
    socket.write(
      `POST /api/media/answers-early HTTP/1.1\r\nhost: kora.test\r\ncontent-type: application/octet-stream\r\ncontent-length: ${total}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(total / 4));
    await vi.waitFor(() => expect(received).toContain('{"refused":true}'), { timeout: 5_000 });
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received.toLowerCase()).not.toContain('connection: close');
    for (let sent = total / 4; sent < total; sent += 64 * 1024) {
      if (!socket.write(Buffer.alloc(64 * 1024))) await once(socket, 'drain');
    }
    received = '';
    socket.write('GET /api/posts HTTP/1.1\r\nhost: kora.test\r\nconnection: close\r\n\r\n');
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('discardRest', () => {
  let server: Server;
  let url: string;
  const limits = { maxMs: 2_000, idleMs: 300, maxBytes: 1024 * 1024 };

  beforeAll(async () => {
    server = createServer((req, res) => {
      res.writeHead(413, { 'content-type': 'text/plain' }).end('too big');
      discardRest(req, limits);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Streams chunks of 64 KB every `everyMs` until told to stop; resolves how the connection ended. */
  function dribble(everyMs: number, totalBytes: number): Promise<{ status: number | null; closedByServer: boolean }> {
    return new Promise((resolve) => {
      let status: number | null = null;
      const req = httpRequest(`${url}/`, { method: 'POST', headers: { 'content-type': 'application/octet-stream' } }, (res) => {
        status = res.statusCode!;
        res.resume();
      });
      let sent = 0;
      const timer = setInterval(() => {
        if (sent >= totalBytes) {
          clearInterval(timer);
          req.end();
          return;
        }
        sent += 64 * 1024;
        req.write(Buffer.alloc(64 * 1024));
      }, everyMs);
      req.on('close', () => {
        clearInterval(timer);
        resolve({ status, closedByServer: sent < totalBytes });
      });
      req.on('error', () => {});
    });
  }

  it('reads a body within the limits to its end and leaves the connection open', async () => {
    const result = await dribble(5, 512 * 1024);
    expect(result).toEqual({ status: 413, closedByServer: false });
  });

  it('closes the connection of a client that sends more than maxBytes', async () => {
    const result = await dribble(1, 64 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(result.closedByServer).toBe(true);
  });

  it('closes the connection of a client that goes quiet longer than idleMs', async () => {
    const result = await dribble(600, 64 * 1024 * 1024);
    expect(result.status).toBe(413);
    expect(result.closedByServer).toBe(true);
  });
});
