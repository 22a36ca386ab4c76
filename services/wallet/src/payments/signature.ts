/**
 * Webhook signatures as Paystack makes them: the `x-paystack-signature` header is the hex
 * HMAC-SHA512 of the raw request body with the secret key. Compared in constant time, on the bytes
 * as they arrived (a body parsed and written again would not match).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function signBody(secret: string, body: string | Buffer): string {
  return createHmac('sha512', secret).update(body).digest('hex');
}

/** True only when `header` is exactly the signature of `body` (missing, malformed or other: false). */
export function signatureMatches(secret: string, body: Buffer, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{128}$/i.test(header)) return false;
  const expected = Buffer.from(signBody(secret, body), 'hex');
  return timingSafeEqual(expected, Buffer.from(header, 'hex'));
}
