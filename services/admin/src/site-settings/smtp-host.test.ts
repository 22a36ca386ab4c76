import { describe, expect, it } from 'vitest';
import { isLocalAddress, isLocalSmtpHost } from './smtp-host.js';

describe('the SMTP host check', () => {
  it('knows loopback, link-local and unspecified addresses, however written', () => {
    for (const address of ['127.0.0.1', '127.9.8.7', '::1', '169.254.169.254', 'fe80::1', 'febf::1', '0.0.0.0', '::', '::ffff:127.0.0.1'])
      expect(isLocalAddress(address), address).toBe(true);
    for (const address of ['10.0.0.5', '192.168.1.10', '203.0.113.5', '2001:db8::1', 'fec0::1', '::ffff:203.0.113.5', 'smtp.kora.ng'])
      expect(isLocalAddress(address), address).toBe(false);
  });

  it('refuses a host written as a local address, bracketed or not', async () => {
    for (const host of ['127.0.0.1', ' 127.0.0.1 ', '[::1]', '::1', '169.254.169.254', '[fe80::1]', '0.0.0.0']) {
      expect(await isLocalSmtpHost(host, () => Promise.reject(new Error('not asked'))), host).toBe(true);
    }
  });

  it('refuses a name that resolves to a local address, even beside a public one', async () => {
    const dns: Record<string, string[]> = {
      'metadata.evil.example': ['169.254.169.254'],
      'split.evil.example': ['203.0.113.9', '127.0.0.1'],
      'smtp.kora.ng': ['203.0.113.25', '2001:db8::25'],
    };
    const resolve = (host: string) => (dns[host] ? Promise.resolve(dns[host]) : Promise.reject(new Error('ENOTFOUND')));
    expect(await isLocalSmtpHost('metadata.evil.example', resolve)).toBe(true);
    expect(await isLocalSmtpHost('split.evil.example.', resolve)).toBe(true);
    expect(await isLocalSmtpHost('smtp.kora.ng', resolve)).toBe(false);
    // Not resolvable now: taken, the mailer reports it.
    expect(await isLocalSmtpHost('not-yet.kora.ng', resolve)).toBe(false);
    expect(await isLocalSmtpHost('localhost')).toBe(true);
  });
});
