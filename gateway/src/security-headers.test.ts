import { describe, expect, it } from 'vitest';
import { helmetHeaders, SECURITY_HEADER_NAMES, securityHeadersFor, STATIC_SECURITY_HEADERS } from './security-headers.js';

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
    expect(
      Object.fromEntries(helmetHeaders({ contentSecurityPolicy: false, frameguard: { action: 'sameorigin' } }))['x-frame-options'],
    ).toBe('SAMEORIGIN');
  });
});

describe('the security headers of an answer', () => {
  const names = (contentType: unknown) =>
    securityHeadersFor(contentType)
      .map(([name]) => name)
      .sort();

  it('are every fixed header for pages, images and answers without a type', () => {
    const all = STATIC_SECURITY_HEADERS.map(([name]) => name).sort();
    for (const type of ['text/html; charset=utf-8', 'image/webp', 'video/mp4', 'text/plain', undefined]) expect(names(type)).toEqual(all);
  });

  it('keep nosniff, the resource policy, HSTS and the framing refusal on JSON, and leave the rest off', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/json',
      'Application/JSON; charset=UTF-8',
      'application/problem+json',
    ]) {
      expect(names(type)).toEqual([
        'cross-origin-resource-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
      ]);
    }
  });

  it('leave the document-only ones off scripts and stylesheets, keeping nosniff, the resource policy and HSTS', () => {
    for (const type of ['text/javascript; charset=utf-8', 'application/javascript', 'TEXT/CSS']) {
      expect(names(type)).toEqual(['cross-origin-resource-policy', 'strict-transport-security', 'x-content-type-options']);
    }
  });
});
