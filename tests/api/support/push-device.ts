/**
 * A push subscription as a browser makes one (`PushSubscription.toJSON()`): a real P-256 public key
 * and a 16-byte auth secret, which the service checks, at an endpoint under `base`.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';

export function browserPushSubscription(base: string) {
  return {
    endpoint: `${base}/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}
