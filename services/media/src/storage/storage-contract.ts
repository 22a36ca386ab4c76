/**
 * What every `MediaStorage` adapter must do, as one suite each adapter's test file runs against
 * its own storage (local-disk.test.ts, s3.test.ts): write once, read whole or a range, describe,
 * remove, and refuse any key that is not one of ours before the storage is touched.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { InvalidKeyError, newKey } from './keys.js';
import { ObjectExistsError, type MediaStorage } from './port.js';

/** Keys that must never reach a storage: escapes, absolute paths, names outside the grammar. */
export const HOSTILE_KEYS = ['../outside.txt', '../../etc/passwd', '/etc/passwd', 'profile/../../outside.txt', 'profile/x.webp', ''];

export function storageContract(name: string, storage: () => MediaStorage): void {
  describe(`${name}: the storage port`, () => {
    it('stores a buffer under its key and describes it alike in put, stat and open', async () => {
      const key = newKey('profile', 'webp');
      const stored = await storage().put(key, Buffer.from('hello'), 'image/webp');
      expect(stored).toMatchObject({ key, size: 5, contentType: 'image/webp' });
      expect(stored.etag).toMatch(/^".+"$/);
      expect(stored.modifiedAt.getTime()).toBeGreaterThan(Date.now() - 3_600_000);
      expect(await storage().stat(key)).toEqual(stored);
      const opened = await storage().open(key);
      expect(opened!.object).toEqual(stored);
      expect(await text(opened!.body)).toBe('hello');
    });

    it('stores a stream of unknown length', async () => {
      const key = newKey('videos', 'mp4');
      const chunks = Array.from({ length: 20 }, () => randomBytes(10_000));
      const stored = await storage().put(key, Readable.from(chunks), 'video/mp4');
      expect(stored.size).toBe(200_000);
      expect((await buffer((await storage().open(key))!.body)).equals(Buffer.concat(chunks))).toBe(true);
    });

    it('opens a whole object or one range of it, and refuses a range past its end', async () => {
      const key = newKey('videos', 'webm');
      await storage().put(key, Buffer.from('0123456789'), 'video/webm');
      const whole = await storage().open(key);
      expect(await text(whole!.body)).toBe('0123456789');
      expect(whole!.object.size).toBe(10);
      const part = await storage().open(key, { start: 2, end: 5 });
      expect(part!.object.size).toBe(10);
      expect(await text(part!.body)).toBe('2345');
      const last = await storage().open(key, { start: 9, end: 9 });
      expect(await text(last!.body)).toBe('9');
      await expect(storage().open(key, { start: 5, end: 10 })).rejects.toThrow(RangeError);
      await expect(storage().open(key, { start: 10, end: 12 })).rejects.toThrow(RangeError);
    });

    it('never overwrites a stored object', async () => {
      const key = newKey('images', 'webp');
      await storage().put(key, Buffer.from('first'), 'image/webp');
      await expect(storage().put(key, Buffer.from('second'), 'image/webp')).rejects.toThrow(ObjectExistsError);
      await expect(storage().put(key, Readable.from([Buffer.from('third')]), 'image/webp')).rejects.toThrow(ObjectExistsError);
      expect(await text((await storage().open(key))!.body)).toBe('first');
    });

    it("refuses a content type that does not match the key's extension", async () => {
      const key = newKey('profile', 'webp');
      await expect(storage().put(key, Buffer.from('x'), 'text/html')).rejects.toThrow(/does not match/);
      expect(await storage().stat(key)).toBeNull();
    });

    it('answers null / false for missing objects', async () => {
      const key = newKey('profile', 'webp');
      expect(await storage().stat(key)).toBeNull();
      expect(await storage().open(key)).toBeNull();
      expect(await storage().open(key, { start: 0, end: 1 })).toBeNull();
      expect(await storage().remove(key)).toBe(false);
    });

    it('removes an object, once', async () => {
      const key = newKey('profile', 'png');
      await storage().put(key, Buffer.from('x'), 'image/png');
      expect(await storage().remove(key)).toBe(true);
      expect(await storage().stat(key)).toBeNull();
      expect(await storage().open(key)).toBeNull();
      expect(await storage().remove(key)).toBe(false);
    });

    it('refuses any key that is not one of ours', async () => {
      for (const key of HOSTILE_KEYS) {
        await expect(storage().stat(key), key).rejects.toThrow(InvalidKeyError);
        await expect(storage().open(key), key).rejects.toThrow(InvalidKeyError);
        await expect(storage().remove(key), key).rejects.toThrow(InvalidKeyError);
        await expect(storage().put(key, Buffer.from('pwned'), 'image/webp'), key).rejects.toThrow(InvalidKeyError);
      }
    });
  });
}
