import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidKeyError, newKey } from './keys.js';
import { createLocalDiskStorage, type LocalDiskStorage } from './local-disk.js';
import { ObjectExistsError } from './port.js';

describe('local-disk storage', () => {
  let base: string;
  let root: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'kora-media-disk-'));
    root = path.join(base, 'media');
    await writeFile(path.join(base, 'outside.txt'), 'outside');
    storage = createLocalDiskStorage(root);
    await storage.init();
  });
  afterAll(async () => {
    if (base) await rm(base, { recursive: true, force: true });
  });

  it('stores a buffer under its key, creating the area folder', async () => {
    const key = newKey('profile', 'webp');
    const stored = await storage.put(key, Buffer.from('hello'), 'image/webp');
    expect(stored).toMatchObject({ key, size: 5, contentType: 'image/webp' });
    expect(stored.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(await readFile(path.join(root, key), 'utf8')).toBe('hello');
    expect(await storage.stat(key)).toEqual(stored);
  });

  it('stores a stream, and leaves no temporary file behind', async () => {
    const key = newKey('videos', 'mp4');
    const chunks = Array.from({ length: 20 }, () => randomBytes(10_000));
    await storage.put(key, Readable.from(chunks), 'video/mp4');
    expect((await readFile(path.join(root, key))).equals(Buffer.concat(chunks))).toBe(true);
    expect((await readdir(path.join(root, 'videos'))).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('opens a whole object or one range of it', async () => {
    const key = newKey('videos', 'webm');
    await storage.put(key, Buffer.from('0123456789'), 'video/webm');
    const whole = await storage.open(key);
    expect(await text(whole!.body)).toBe('0123456789');
    expect(whole!.object.size).toBe(10);
    const part = await storage.open(key, { start: 2, end: 5 });
    expect(await text(part!.body)).toBe('2345');
    await expect(storage.open(key, { start: 5, end: 10 })).rejects.toThrow(RangeError);
  });

  it('never overwrites a stored object', async () => {
    const key = newKey('images', 'webp');
    await storage.put(key, Buffer.from('first'), 'image/webp');
    await expect(storage.put(key, Buffer.from('second'), 'image/webp')).rejects.toThrow(ObjectExistsError);
    expect(await readFile(path.join(root, key), 'utf8')).toBe('first');
  });

  it("refuses a content type that does not match the key's extension", async () => {
    await expect(storage.put(newKey('profile', 'webp'), Buffer.from('x'), 'text/html')).rejects.toThrow(/does not match/);
  });

  it('answers null / false for missing objects', async () => {
    const key = newKey('profile', 'webp');
    expect(await storage.stat(key)).toBeNull();
    expect(await storage.open(key)).toBeNull();
    expect(await storage.remove(key)).toBe(false);
  });

  it('removes an object', async () => {
    const key = newKey('profile', 'png');
    await storage.put(key, Buffer.from('x'), 'image/png');
    expect(await storage.remove(key)).toBe(true);
    expect(await storage.stat(key)).toBeNull();
  });

  it('refuses any key that is not one of ours before touching the disk', async () => {
    const escapes = [
      '../outside.txt',
      '../../etc/passwd',
      '/etc/passwd',
      path.join(base, 'outside.txt'),
      'profile/../../outside.txt',
      'profile/x.webp',
    ];
    for (const key of escapes) {
      await expect(storage.stat(key), key).rejects.toThrow(InvalidKeyError);
      await expect(storage.open(key), key).rejects.toThrow(InvalidKeyError);
      await expect(storage.remove(key), key).rejects.toThrow(InvalidKeyError);
      await expect(storage.put(key, Buffer.from('pwned'), 'image/webp'), key).rejects.toThrow(InvalidKeyError);
    }
    expect(await readFile(path.join(base, 'outside.txt'), 'utf8')).toBe('outside');
    await expect(stat(path.join(base, 'profile'))).rejects.toThrow();
  });
});
