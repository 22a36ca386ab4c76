import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { arePushKeysUsable } from './subscription-keys.js';

const browserKeys = () => {
  const ecdh = createECDH('prime256v1');
  return { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
};

describe('arePushKeysUsable', () => {
  it("takes a browser's keys", () => {
    expect(arePushKeysUsable(browserKeys())).toBe(true);
  });

  it('refuses a point off the curve, of the wrong length or form, and an auth secret of the wrong length', () => {
    const keys = browserKeys();
    const point = Buffer.from(keys.p256dh, 'base64url');
    const offCurve = Buffer.from(point);
    offCurve[64] = offCurve[64]! ^ 0xff;
    expect(arePushKeysUsable({ ...keys, p256dh: offCurve.toString('base64url') })).toBe(false);
    expect(arePushKeysUsable({ ...keys, p256dh: point.subarray(0, 33).toString('base64url') })).toBe(false);
    expect(arePushKeysUsable({ ...keys, p256dh: Buffer.concat([Buffer.from([0x02]), point.subarray(1)]).toString('base64url') })).toBe(
      false,
    );
    expect(arePushKeysUsable({ ...keys, auth: randomBytes(8).toString('base64url') })).toBe(false);
    expect(arePushKeysUsable({ p256dh: 'AAAA', auth: 'AAAA' })).toBe(false);
  });
});
