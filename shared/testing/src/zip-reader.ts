/**
 * Reads a ZIP file back in tests (the data archive, decision 035): the central directory's entries
 * and each entry's bytes, stored or deflated. No zip64 (test archives are small); enough to prove
 * what an archive holds without a zip library.
 */
import { inflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  size: number;
  read(): Buffer;
}

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

export function readZip(zip: Buffer): Map<string, ZipEntry> {
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) {
      end = at;
      break;
    }
  }
  if (end < 0) throw new Error('not a ZIP file: no end of central directory');
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL_FILE_HEADER) throw new Error(`bad central directory entry ${i}`);
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    entries.set(name, {
      name,
      method,
      size,
      read() {
        if (zip.readUInt32LE(local) !== LOCAL_FILE_HEADER) throw new Error(`bad local header for ${name}`);
        const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
        const data = zip.subarray(start, start + compressed);
        if (method === 0) return Buffer.from(data);
        if (method === 8) return inflateRawSync(data);
        throw new Error(`unknown compression method ${method} for ${name}`);
      },
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A JSON entry of the archive, parsed. */
export function zipJson<T = unknown>(entries: Map<string, ZipEntry>, name: string): T {
  const entry = entries.get(name);
  if (!entry) throw new Error(`no ${name} in the ZIP (it has: ${[...entries.keys()].join(', ')})`);
  return JSON.parse(entry.read().toString('utf8')) as T;
}
