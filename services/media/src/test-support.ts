/**
 * Helpers for the media tests: real images made with sharp and real videos made with ffmpeg on the
 * spot (no binary fixtures), ffprobe and MP4 box readers to prove what a transcode wrote,
 * hand-built files (a PNG header declaring a huge canvas, an MP4 `ftyp` box), multipart bodies, a
 * tiny EXIF reader to prove what an input carries, and a RIFF chunk lister to prove what a WebP
 * output does not.
 */
import { signServiceCall, SERVICE_CALL_HEADER } from '@kora/platform';
import { multipart, startTestService, type TestService } from '@kora/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createMediaService } from './app.js';
import { createLocalDiskStorage, type LocalDiskStorage } from './storage/local-disk.js';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const execFileAsync = promisify(execFile);

export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789';

/** Headers of a signed call from a sibling service (the auth service, by default). */
export function serviceCall(secret: string, service = 'auth'): Record<string, string> {
  return { [SERVICE_CALL_HEADER]: signServiceCall(service, secret) };
}

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

export interface MakeImageOptions {
  width: number;
  height: number;
  format: ImageFormat;
  /** Solid colour (default) or noise, which compresses badly: an easy way to make big files. */
  background?: string;
  noise?: boolean;
  alpha?: boolean;
}

export async function makeImage(options: MakeImageOptions): Promise<Buffer> {
  const { width, height, format } = options;
  const channels = options.alpha ? 4 : 3;
  const base = options.noise
    ? sharp({ create: { width, height, channels, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
    : sharp({ create: { width, height, channels, background: options.background ?? '#3366cc' } });
  switch (format) {
    case 'jpeg':
      return base.jpeg({ quality: 90 }).toBuffer();
    case 'png':
      return base.png().toBuffer();
    case 'webp':
      return base.webp().toBuffer();
    case 'gif':
      return base.gif().toBuffer();
  }
}

/** An animated GIF whose frames are the given colours, in order. */
export async function makeAnimatedGif(width: number, height: number, colours: string[]): Promise<Buffer> {
  const frames = await Promise.all(
    colours.map((background) =>
      sharp({ create: { width, height, channels: 3, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: 100, loop: 0 })
    .toBuffer();
}

/** A JPEG carrying camera EXIF (make, model), a GPS position, an XMP packet and an orientation. */
export async function makeJpegWithMetadata(width: number, height: number, orientation = 1): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#cc3333' } })
    .withExif({
      IFD0: { Make: 'KoraCam', Model: 'Secret Model 9', Copyright: 'Someone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6 27 0', GPSLongitudeRef: 'E', GPSLongitude: '3 23 0' },
    })
    .withXmp(
      '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description>KoraXmpSecret</rdf:Description></rdf:RDF></x:xmpmeta>',
    )
    .withMetadata({ orientation })
    .jpeg()
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A valid-looking PNG whose header declares `width` x `height` (RGB, 8 bits) followed by a few
 * compressed rows only: a pixel flood in a few hundred bytes. Never decodable in full.
 */
export function pngWithDeclaredSize(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  const rows = deflateSync(Buffer.alloc(Math.min(width * 3 + 1, 4096) * 4));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The first bytes of an MP4: an `ftyp` box, which is all magic-byte detection needs. */
export function mp4Header(): Buffer {
  const box = Buffer.concat([Buffer.from('ftypisom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41', 'latin1')]);
  const size = Buffer.alloc(4);
  size.writeUInt32BE(box.length + 4);
  return Buffer.concat([size, box, randomBytes(256)]);
}

/** The tag ids of IFD0 and of the GPS IFD in an EXIF block (sharp's `metadata().exif`). */
export function exifTags(exif: Buffer): { ifd0: number[]; gps: number[] } {
  const tiff = exif.subarray(exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? 6 : 0);
  const little = tiff.subarray(0, 2).toString('latin1') === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const readIfd = (offset: number) => {
    const entries: { tag: number; value: number }[] = [];
    const count = u16(offset);
    for (let i = 0; i < count; i++) {
      const at = offset + 2 + i * 12;
      entries.push({ tag: u16(at), value: u32(at + 8) });
    }
    return entries;
  };
  const ifd0 = readIfd(u32(4));
  const gpsPointer = ifd0.find((e) => e.tag === 0x8825);
  return { ifd0: ifd0.map((e) => e.tag), gps: gpsPointer ? readIfd(gpsPointer.value).map((e) => e.tag) : [] };
}

/** The chunk names of a RIFF (WebP) file: VP8/VP8L/VP8X/ALPH/ANIM, and EXIF/XMP/ICCP when present. */
export function riffChunks(data: Buffer): string[] {
  if (data.subarray(0, 4).toString('latin1') !== 'RIFF' || data.subarray(8, 12).toString('latin1') !== 'WEBP') {
    throw new Error('not a WebP file');
  }
  const chunks: string[] = [];
  for (let at = 12; at + 8 <= data.length;) {
    const size = data.readUInt32LE(at + 4);
    chunks.push(data.subarray(at, at + 4).toString('latin1'));
    at += 8 + size + (size % 2);
  }
  return chunks;
}

export interface FilePart {
  field?: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export interface FieldPart {
  field: string;
  value: string;
}

/** A multipart/form-data body (media's defaults: a JPEG named upload.jpg in the field `file`). */
export function multipartBody(parts: (FilePart | FieldPart)[]): { payload: Buffer; headers: Record<string, string> } {
  return multipart(
    parts.map((part) =>
      'value' in part
        ? { name: part.field, data: part.value }
        : {
            name: part.field ?? 'file',
            filename: part.filename ?? 'upload.jpg',
            contentType: part.contentType ?? 'image/jpeg',
            data: part.data,
          },
    ),
  );
}

/** The same body as a stream of small chunks, so no Content-Length can be declared up front. */
export function streamed(payload: Buffer, chunkSize = 64 * 1024): Readable {
  const chunks: Buffer[] = [];
  for (let at = 0; at < payload.length; at += chunkSize) chunks.push(payload.subarray(at, at + chunkSize));
  return Readable.from(chunks);
}

export { makeVideo, type MakeVideoOptions } from '@kora/testing';

export interface ProbedFile {
  format: { format_name: string; duration?: string };
  streams: {
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    pix_fmt?: string;
    profile?: string;
    side_data_list?: { rotation?: number }[];
  }[];
}

/** What ffprobe says about a file (JSON). */
export async function ffprobeFile(file: string): Promise<ProbedFile> {
  const { stdout } = await execFileAsync('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  return JSON.parse(stdout) as ProbedFile;
}

/** The top-level box types of an MP4, in file order (`moov` before `mdat` means faststart). */
export function mp4Boxes(data: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= data.length;) {
    let size = data.readUInt32BE(at);
    const type = data.subarray(at + 4, at + 8).toString('latin1');
    if (size === 1) size = Number(data.readBigUInt64BE(at + 8));
    else if (size === 0) size = data.length - at;
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

export interface QueuedMedia {
  svc: TestService;
  /** The temp folder its storage writes to. */
  dir: string;
  storage: LocalDiskStorage;
  close(): Promise<void>;
}

/**
 * The media service on a fresh temp folder with its video worker off: uploads are only queued, so
 * a route's own checks are what a test sees (the worker has its own tests). `close` removes it all.
 */
export async function startQueuedMedia(prefix: string): Promise<QueuedMedia> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const storage = createLocalDiskStorage(dir);
  const svc = await startTestService(createMediaService({ storage, env: { MEDIA_VIDEO_WORKERS: 'false' } }));
  return {
    svc,
    dir,
    storage,
    async close() {
      await svc.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
