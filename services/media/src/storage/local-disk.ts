/**
 * Local-disk storage: one folder (MEDIA_DIR) holding `<area>/<name>.<ext>` files. In distributed
 * mode the folder is a volume shared by every media pod (ReadWriteMany on Kubernetes), so a file
 * written by one pod's request is served by any other and read by the workers.
 *
 * Paths are built only from keys that passed `assertValidKey`, and checked once more to resolve
 * inside the root. Writes go to a hidden temporary file in the same folder, are flushed, then
 * linked into place (fails if the name exists), so a reader never sees a partial file and nothing is
 * ever overwritten. Reads refuse to follow a symbolic link at the last path component.
 */
import { constants } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { assertValidKey, InvalidKeyError } from './keys.js';
import { ObjectExistsError, type ByteRange, type MediaStorage, type OpenedObject, type StorageBody, type StoredObject } from './port.js';

/** Link failures that mean "this filesystem has no hard links", not "the name exists". */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV']);
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'ELOOP']);

/** The `code` of a Node.js (errno) or library error, when it has one. */
export function errnoCode(err: unknown): string | undefined {
  return typeof err === 'object' && err !== null && 'code' in err ? String(err.code) : undefined;
}

function etagOf(size: number, mtimeMs: number): string {
  return `"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** `write` may write less than asked; loop until the whole chunk is on its way to disk. */
async function writeAll(handle: fs.FileHandle, chunk: Uint8Array): Promise<void> {
  for (let at = 0; at < chunk.length;) {
    const { bytesWritten } = await handle.write(chunk, at, chunk.length - at);
    at += bytesWritten;
  }
}

export class LocalDiskStorage implements MediaStorage {
  readonly kind = 'local-disk';
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  get location(): string {
    return this.root;
  }

  async init(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, constants.R_OK | constants.W_OK);
  }

  /** The absolute path of a key; throws before anything else if the key is not one of ours. */
  private fileFor(key: string): { file: string; contentType: string } {
    const parsed = assertValidKey(key);
    const file = path.resolve(this.root, ...parsed.key.split('/'));
    // Cannot happen with a valid key; kept so a future change to the key grammar cannot escape the root.
    if (!file.startsWith(this.root + path.sep)) throw new InvalidKeyError();
    return { file, contentType: parsed.contentType };
  }

  private describe(key: string, contentType: string, stats: { size: number; mtimeMs: number; mtime: Date }): StoredObject {
    return { key, size: stats.size, contentType, modifiedAt: stats.mtime, etag: etagOf(stats.size, stats.mtimeMs) };
  }

  async put(key: string, body: StorageBody, contentType: string): Promise<StoredObject> {
    const { file, contentType: expected } = this.fileFor(key);
    if (contentType !== expected) throw new Error(`Content type ${contentType} does not match the key's extension (${expected})`);
    const dir = path.dirname(file);
    await fs.mkdir(dir, { recursive: true });
    const temp = path.join(dir, `.tmp-${randomBytes(8).toString('hex')}`);
    try {
      const handle = await fs.open(temp, 'wx', 0o644);
      try {
        if (body instanceof Readable) {
          for await (const chunk of body) await writeAll(handle, typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Uint8Array));
        } else {
          await handle.writeFile(body);
        }
        await handle.sync();
      } finally {
        await handle.close();
      }
      await this.linkIntoPlace(temp, file, key);
    } finally {
      await fs.rm(temp, { force: true });
    }
    const stored = await this.stat(key);
    if (!stored) throw new Error(`The stored object ${key} vanished right after it was written`);
    return stored;
  }

  private async linkIntoPlace(temp: string, file: string, key: string): Promise<void> {
    try {
      await fs.link(temp, file);
    } catch (err) {
      const code = errnoCode(err);
      if (code === 'EEXIST') throw new ObjectExistsError(key);
      if (!code || !NO_HARD_LINKS.has(code)) throw err;
      // Some network filesystems have no hard links: check, then rename (atomic, but could
      // overwrite in a race; with 128-bit random names that race does not happen).
      const exists = await fs.stat(file).then(
        () => true,
        () => false,
      );
      if (exists) throw new ObjectExistsError(key);
      await fs.rename(temp, file);
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    const { file, contentType } = this.fileFor(key);
    try {
      const stats = await fs.lstat(file);
      return stats.isFile() ? this.describe(key, contentType, stats) : null;
    } catch (err) {
      if (MISSING.has(errnoCode(err) ?? '')) return null;
      throw err;
    }
  }

  async open(key: string, range?: ByteRange): Promise<OpenedObject | null> {
    const { file, contentType } = this.fileFor(key);
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file, constants.O_RDONLY | constants.O_NOFOLLOW);
    } catch (err) {
      if (MISSING.has(errnoCode(err) ?? '')) return null;
      throw err;
    }
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      if (
        range &&
        !(
          Number.isSafeInteger(range.start) &&
          Number.isSafeInteger(range.end) &&
          range.start >= 0 &&
          range.start <= range.end &&
          range.end < stats.size
        )
      ) {
        throw new RangeError(`Range ${range.start}-${range.end} is outside ${key} (${stats.size} bytes)`);
      }
      const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { object: this.describe(key, contentType, stats), body };
    } catch (err) {
      await handle.close().catch(() => {});
      throw err;
    }
  }

  async remove(key: string): Promise<boolean> {
    const { file } = this.fileFor(key);
    try {
      await fs.unlink(file);
      return true;
    } catch (err) {
      if (MISSING.has(errnoCode(err) ?? '')) return false;
      throw err;
    }
  }
}

export function createLocalDiskStorage(root: string): LocalDiskStorage {
  return new LocalDiskStorage(root);
}
