import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InvalidKeyError, newKey } from './keys.js';
import { createLocalDiskStorage, type LocalDiskStorage } from './local-disk.js';
import { storageContract } from './storage-contract.js';

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

  storageContract('local disk', () => storage);

  it('keeps an object as the file <root>/<key>, with a size-and-time ETag', async () => {
    const key = newKey('profile', 'webp');
    const stored = await storage.put(key, Buffer.from('hello'), 'image/webp');
    expect(stored.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(await readFile(path.join(root, key), 'utf8')).toBe('hello');
  });

  it('stores a stream and leaves no temporary file behind', async () => {
    const key = newKey('videos', 'mp4');
    const chunks = Array.from({ length: 20 }, () => randomBytes(10_000));
    await storage.put(key, Readable.from(chunks), 'video/mp4');
    expect((await readFile(path.join(root, key))).equals(Buffer.concat(chunks))).toBe(true);
    expect((await readdir(path.join(root, 'videos'))).filter((f) => f.startsWith('.'))).toEqual([]);
  });

  it('keeps the first file when a second write of the key is refused', async () => {
    const key = newKey('images', 'webp');
    await storage.put(key, Buffer.from('first'), 'image/webp');
    await expect(storage.put(key, Buffer.from('second'), 'image/webp')).rejects.toThrow();
    expect(await readFile(path.join(root, key), 'utf8')).toBe('first');
  });

  it('refuses keys naming files outside the root before touching the disk', async () => {
    for (const key of [path.join(base, 'outside.txt'), 'profile/../../outside.txt']) {
      await expect(storage.put(key, Buffer.from('pwned'), 'image/webp'), key).rejects.toThrow(InvalidKeyError);
      await expect(storage.remove(key), key).rejects.toThrow(InvalidKeyError);
    }
    expect(await readFile(path.join(base, 'outside.txt'), 'utf8')).toBe('outside');
    await expect(stat(path.join(base, 'profile'))).rejects.toThrow();
  });
});
