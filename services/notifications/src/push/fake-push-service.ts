/**
 * For tests: a push service on the loopback address, standing for FCM or Mozilla's autopush. It
 * keeps every request it gets and answers each path's chosen status (201 unless told). A test's
 * "browser" is a P-256 key pair and an auth secret: `subscription()` makes one, and `decrypt`
 * opens a request's body as the browser would (RFC 8291, aes128gcm), so a test reads what the
 * service really sent, and `vapidClaims` checks the request's VAPID signature (RFC 8292).
 */
import { createPublicKey, randomUUID, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decryptPush, pushDeviceKeys } from '@kora/testing/web-push';

export interface PushRequest {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface FakeDevice {
  endpoint: string;
  /** The browser's PushSubscription JSON, as the web app posts it. */
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
}

export interface FakePushService {
  origin: string;
  requests: PushRequest[];
  /** The requests that reached one device's endpoint. */
  requestsTo(device: FakeDevice): PushRequest[];
  /** A new device; its endpoint answers `status`. */
  subscription(status?: number): FakeDevice;
  close(): Promise<void>;
}

export async function startFakePushService(): Promise<FakePushService> {
  const requests: PushRequest[] = [];
  const statusOf = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      requests.push({ path, method: req.method ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statusOf.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    requestsTo: (device) => requests.filter((r) => origin + r.path === device.endpoint),
    subscription(status = 201) {
      const path = `/push/${randomUUID()}`;
      statusOf.set(path, status);
      const { ecdh, auth, json: keys } = pushDeviceKeys();
      const endpoint = origin + path;
      return { endpoint, json: { endpoint, expirationTime: null, keys }, ecdh, auth };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Opens an aes128gcm push body with the device's private key and auth secret; answers the plaintext. */
export const decrypt: (device: FakeDevice, body: Buffer) => string = decryptPush;

/**
 * The claims of a request's `Authorization: vapid t=<JWT>, k=<public key>`, after checking the
 * JWT's ES256 signature against `k`; answers `k` too. Throws when the header or signature is wrong.
 */
export function vapidClaims(headers: IncomingHttpHeaders): { aud: string; exp: number; sub: string; publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(headers.authorization ?? '');
  if (!match) throw new Error(`not a VAPID authorization: ${headers.authorization}`);
  const [, token, k] = match as unknown as [string, string, string];
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('the VAPID JWT is not signed by its key');
  const alg = (JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string }).alg;
  if (alg !== 'ES256') throw new Error(`the VAPID JWT is signed with ${alg}`);
  return { ...(JSON.parse(Buffer.from(payload, 'base64url').toString()) as { aud: string; exp: number; sub: string }), publicKey: k };
}
