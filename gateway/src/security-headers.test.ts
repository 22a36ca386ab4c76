import { describe, expect, it } from 'vitest';
import { helmetHeaders, SECURITY_HEADER_NAMES, STATIC_SECURITY_HEADERS } from './security-headers.js';

describe('the fixed security headers', () => {
  const headers = Object.fromEntries(STATIC_SECURITY_HEADERS);

  it("are helmet's, with Kora's choices, plus a Permissions-Policy", () => {
    expect(headers).toMatchObject({
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-content-type-options': 'nosniff',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-site',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    });
    // The CSP is made per request (its nonce), never from helmet's fixed set.
    expect(headers['content-security-policy']).toBeUndefined();
    expect(SECURITY_HEADER_NAMES.has('content-security-policy')).toBe(true);
  });

  it('follow the options helmet is given', () => {
    expect(Object.fromEntries(helmetHeaders({ contentSecurityPolicy: false, frameguard: { action: 'sameorigin' } }))['x-frame-options']).toBe('SAMEORIGIN');
  });
});
