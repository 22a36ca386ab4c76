/**
 * Whether a subscription's keys can encrypt a push (RFC 8291): `p256dh` an uncompressed point on
 * P-256, `auth` a 16-byte secret. Checked when a device subscribes, so a made-up key is refused
 * there (400) instead of failing every push sent to it later.
 */
import { createECDH } from 'node:crypto';

const AUTH_SECRET_BYTES = 16;
const POINT_BYTES = 65;

export function arePushKeysUsable(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== POINT_BYTES || point[0] !== 0x04) return false;
  if (Buffer.from(keys.auth, 'base64url').length !== AUTH_SECRET_BYTES) return false;
  try {
    // ECDH refuses a point that is not on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}
