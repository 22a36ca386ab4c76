/**
 * A browser's side of Web Push for tests (decision 042): the key pair and auth secret a browser
 * makes when it subscribes, and opening a push body with them as the browser does (RFC 8291,
 * aes128gcm), so a test reads what the notifications service really sent.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes, type ECDH } from 'node:crypto';

export interface PushDeviceKeys {
  ecdh: ECDH;
  auth: Buffer;
  /** The keys as `PushSubscription.toJSON()` gives them. */
  json: { p256dh: string; auth: string };
}

export function pushDeviceKeys(): PushDeviceKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

const info = (text: string) => Buffer.from(`${text}\0`, 'latin1');

/** Opens an aes128gcm push body with the device's private key and auth secret; answers the plaintext. */
export function decryptPush(device: Pick<PushDeviceKeys, 'ecdh' | 'auth'>, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const shared = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([info('WebPush: info'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: aes128gcm'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, info('Content-Encoding: nonce'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(-16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 2 and any zero padding.
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('not the last record of an aes128gcm body');
  return plain.subarray(0, end).toString('utf8');
}
