/** Webhook signatures: only the HMAC-SHA512 of these exact bytes with this secret passes. */
import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paystackSignature } from '../../../../scripts/lib/fake-paystack.mjs';
import { signatureMatches, signBody } from './signature.js';

describe('webhook signatures', () => {
  const secret = 'sk_test_0123456789abcdef';
  const body = Buffer.from('{"event":"charge.success","data":{"reference":"kora_1_a_b"}}');

  it("matches Paystack's (and the fake's) signature of the raw body", () => {
    const expected = createHmac('sha512', secret).update(body).digest('hex');
    expect(signBody(secret, body)).toBe(expected);
    expect(paystackSignature(secret, body)).toBe(expected);
    expect(signatureMatches(secret, body, expected)).toBe(true);
    expect(signatureMatches(secret, body, expected.toUpperCase())).toBe(true);
  });

  it('refuses missing, malformed, truncated, other-key and other-body signatures', () => {
    const good = signBody(secret, body);
    for (const header of [undefined, '', 'abc', good.slice(0, 126), `${good}00`, ['a', 'b'], 42, 'z'.repeat(128)])
      expect(signatureMatches(secret, body, header)).toBe(false);
    expect(signatureMatches('sk_test_other_key_000', body, good)).toBe(false);
    expect(signatureMatches(secret, Buffer.concat([body, Buffer.from(' ')]), good)).toBe(false);
  });

  it('never accepts a signature made over other bytes (random bodies)', () => {
    for (let i = 0; i < 500; i++) {
      const a = randomBytes(randomInt(0, 200));
      // The same bytes with one bit flipped (or one byte added to an empty body).
      const changed = Buffer.from(a.length > 0 ? a : [0]);
      if (a.length > 0) changed[randomInt(0, a.length)]! ^= 1 << randomInt(0, 8);
      expect(signatureMatches(secret, changed, signBody(secret, a))).toBe(false);
    }
  });
});
