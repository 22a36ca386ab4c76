import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createClientAddress } from './client-address.js';

function requestFrom(remoteAddress: string, headers: Record<string, string> = {}, encrypted = false): IncomingMessage {
  return {
    socket: { remoteAddress, encrypted },
    connection: { remoteAddress },
    headers: { host: 'kora.test', ...headers },
  } as unknown as IncomingMessage;
}

describe('createClientAddress', () => {
  const privateHops = createClientAddress('loopback,linklocal,uniquelocal');

  it('believes X-Forwarded-* only from a trusted hop', () => {
    const viaIngress = requestFrom('127.0.0.1', {
      'x-forwarded-for': '203.0.113.7',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'kora.ng',
    });
    expect(privateHops.ip(viaIngress)).toBe('203.0.113.7');
    expect(privateHops.protocol(viaIngress)).toBe('https');
    expect(privateHops.host(viaIngress)).toBe('kora.ng');

    const direct = requestFrom('198.51.100.9', {
      'x-forwarded-for': '10.0.0.1',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'evil.test',
    });
    expect(privateHops.ip(direct)).toBe('198.51.100.9');
    expect(privateHops.protocol(direct)).toBe('http');
    expect(privateHops.host(direct)).toBe('kora.test');
  });

  it('takes the first address a trusted chain vouches for, not one a client wrote in front of it', () => {
    const chain = requestFrom('127.0.0.1', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7, 10.1.2.3' });
    expect(privateHops.ip(chain)).toBe('203.0.113.7');
    expect(privateHops.protocol(requestFrom('127.0.0.1', { 'x-forwarded-proto': 'http, https' }))).toBe('https');
  });

  it('trusts nothing when told so, and a counted number of hops when given a number', () => {
    const none = createClientAddress(false);
    expect(none.ip(requestFrom('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' }))).toBe('127.0.0.1');
    expect(none.protocol(requestFrom('127.0.0.1', { 'x-forwarded-proto': 'https' }))).toBe('http');
    const oneProxy = createClientAddress('10.0.3.7');
    expect(oneProxy.ip(requestFrom('10.0.3.7', { 'x-forwarded-for': '6.6.6.6, 203.0.113.7' }))).toBe('203.0.113.7');
    // Another caller on the same private network is not a proxy: it cannot pick its own address.
    expect(oneProxy.ip(requestFrom('10.0.3.8', { 'x-forwarded-for': '203.0.113.7' }))).toBe('10.0.3.8');
    expect(oneProxy.host(requestFrom('10.0.3.8', { 'x-forwarded-host': 'evil.test' }))).toBe('kora.test');
    expect(createClientAddress(false).protocol(requestFrom('127.0.0.1', {}, true))).toBe('https');
  });
});
