import { describe, expect, it } from 'vitest';
import { isPushEndpointAllowed } from './endpoint-rule.js';

describe('which push endpoints a subscription may name', () => {
  it("takes a public push service's https address", () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://web.push.apple.com/QGxyz',
    ])
      expect(isPushEndpointAllowed(endpoint, false), endpoint).toBe(true);
  });

  it("refuses plain http, the cluster's own names, localhost and IP addresses", () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://auth:4001/internal',
      'https://notifications/api',
      'https://localhost/push',
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://[::1]/push',
      'https://redis.kora.svc.cluster.local/push',
      'https://db.example.internal/push',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ])
      expect(isPushEndpointAllowed(endpoint, false), endpoint).toBe(false);
  });

  it('takes a loopback http address only when private endpoints are allowed (tests)', () => {
    expect(isPushEndpointAllowed('http://127.0.0.1:9999/push/1', true)).toBe(true);
    expect(isPushEndpointAllowed('http://127.0.0.1:9999/push/1', false)).toBe(false);
    expect(isPushEndpointAllowed('file:///etc/passwd', true)).toBe(false);
  });

  it("takes the tests' one fake push service's origin, and only it, when told it", () => {
    const origin = 'http://127.0.0.1:9999';
    expect(isPushEndpointAllowed(`${origin}/push/1`, false, origin)).toBe(true);
    for (const endpoint of [
      'http://127.0.0.1:9998/push/1',
      'https://127.0.0.1/push',
      'http://localhost:9999/push/1',
      'http://u:p@127.0.0.1:9999/push',
    ])
      expect(isPushEndpointAllowed(endpoint, false, origin), endpoint).toBe(false);
  });
});
