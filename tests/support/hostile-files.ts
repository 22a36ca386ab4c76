/**
 * Hostile uploads for the tests (decision 026): files built to cost a decoder far more than their size
 * (pixel floods, decompression bombs, thousands of frames, a video claiming or really running 10
 * hours), files that are two things at once (polyglots), and upload names that try a path.
 *
 * Images are written byte by byte (PNG, GIF, JPEG patches), so each is exactly the trick it names
 * and costs the test nothing to make; animated WebP and videos come from ffmpeg, which every media
 * test already needs.
 */
import { claimDuration, makeVideo } from '@kora/testing';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';

const run = promisify(execFile);

// ---- PNG ---------------------------------------------------------------------------------------

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A greyscale PNG whose header says `width`x`height`. With `pixels` (default) its image data really
 * is that size (all black, so it deflates to about a thousandth); without, one zlib-compressed empty
 * row stands in: a pixel flood, a few dozen bytes claiming any canvas.
 */
export function greyPng(width: number, height: number, options: { pixels?: boolean; chunks?: Buffer[] } = {}): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const raw = options.pixels === false ? Buffer.alloc(1) : Buffer.alloc((width + 1) * height);
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', header),
    ...(options.chunks ?? []),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A pixel flood: a PNG of a few dozen bytes whose header claims `width`x`height`. */
export const pixelFloodPng = (width = 100_000, height = 100_000) => greyPng(width, height, { pixels: false });

/**
 * Compressed metadata chunks that inflate to `bytes` each (zTXt text, iTXt XMP, iCCP colour
 * profile): a PNG of a few hundred KB whose reader would otherwise hold hundreds of MB.
 */
export function metadataBombPng(bytes = 64 * 1024 * 1024): Record<'zTXt' | 'iTXt' | 'iCCP', Buffer> {
  const inflated = deflateSync(Buffer.alloc(bytes, 0x41));
  const latin = (text: string) => Buffer.from(text, 'latin1');
  return {
    zTXt: greyPng(16, 16, { chunks: [pngChunk('zTXt', Buffer.concat([latin('Comment\0\0'), inflated]))] }),
    iTXt: greyPng(16, 16, { chunks: [pngChunk('iTXt', Buffer.concat([latin('XML:com.adobe.xmp\0\x01\0\0\0'), inflated]))] }),
    iCCP: greyPng(16, 16, { chunks: [pngChunk('iCCP', Buffer.concat([latin('icc\0\0'), inflated]))] }),
  };
}

// ---- JPEG --------------------------------------------------------------------------------------

/** An 8x8 blue baseline JPEG (ffmpeg's mjpeg encoder), 225 bytes. */
export const TINY_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAgAAAQABAAD//gAQTGF2YzU5LjM3LjEwMAD/2wBDAAgUFBcUFxsbGxsbGyAeICEhISAgICAhISEkJCQqKiokJCQhISQkKCgqKi4vLisrKisvLzIy' +
    'Mjw8OTlGRkhWVmf/xABMAAEBAAAAAAAAAAAAAAAAAAAABwEBAQAAAAAAAAAAAAAAAAAABQcQAQAAAAAAAAAAAAAAAAAAAAARAQAAAAAAAAAAAAAAAAAAAAD/wAARCAAI' +
    'AAgDASIAAhEAAxEA/9oADAMBAAIRAxEAPwCOAL+Lf//Z',
  'base64',
);

/** The same JPEG with its frame header (SOF0) claiming `width`x`height`: a pixel flood. */
export function pixelFloodJpeg(width = 65_000, height = 65_000): Buffer {
  const out = Buffer.from(TINY_JPEG);
  const sof = out.indexOf(Buffer.from([0xff, 0xc0]));
  if (sof < 0) throw new Error('no SOF0 in the base JPEG');
  out.writeUInt16BE(height, sof + 5);
  out.writeUInt16BE(width, sof + 7);
  return out;
}

/** The JPEG with `text` in a comment segment right after its start: a valid JPEG that is also an HTML page to a sniffing browser. */
export function jpegWithComment(text: string): Buffer {
  const body = Buffer.from(text, 'utf8');
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([TINY_JPEG.subarray(0, 2), segment, body, TINY_JPEG.subarray(2)]);
}

export const HTML_PAYLOAD = '<html><body><script>document.title="pwned"</script></body></html>';

// ---- GIF ---------------------------------------------------------------------------------------

/**
 * A looping GIF of `frames` 1x1 frames on a `width`x`height` screen: tens of thousands of frames in
 * a few hundred KB, or a screen of hundreds of megapixels per frame.
 */
export function manyFramesGif(frames: number, width = 64, height = 64): Buffer {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(width, 6);
  screen.writeUInt16LE(height, 8);
  screen[10] = 0x80; // a global colour table of 2 colours
  const palette = Buffer.from([255, 0, 0, 0, 0, 255]);
  const loop = Buffer.concat([Buffer.from([0x21, 0xff, 0x0b]), Buffer.from('NETSCAPE2.0', 'latin1'), Buffer.from([3, 1, 0, 0, 0])]);
  const delay = Buffer.from([0x21, 0xf9, 4, 0, 1, 0, 0, 0]);
  const descriptor = Buffer.from([0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0]);
  // LZW, minimum code size 2: clear (4), colour 0, end (5) in 3-bit codes.
  const pixels = Buffer.from([2, 2, 0x44, 0x01, 0]);
  const frame = Buffer.concat([delay, descriptor, pixels]);
  return Buffer.concat([screen, palette, loop, ...Array<Buffer>(frames).fill(frame), Buffer.from([0x3b])]);
}

/** A GIF whose first bytes are also JavaScript (`GIF89a=…;`), the classic script-from-an-image polyglot. */
export function gifJavascriptPolyglot(): Buffer {
  const gif = manyFramesGif(1, 0x3d2f, 0x2a2f); // the screen size bytes spell "/=/*"
  const script = Buffer.from('*/=1;document.title="pwned";/*', 'latin1');
  // After the trailer, where decoders stop reading.
  return Buffer.concat([gif, script, Buffer.from('*/', 'latin1')]);
}

// ---- ZIP appended ------------------------------------------------------------------------------

/** A stored (uncompressed) ZIP holding one file: what a "GIFAR"-style polyglot appends to an image. */
export function zipOf(name: string, content: string): Buffer {
  const data = Buffer.from(content, 'utf8');
  const fileName = Buffer.from(name, 'utf8');
  const crc = crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(fileName.length, 28);
  const localPart = Buffer.concat([local, fileName, data]);
  const centralPart = Buffer.concat([central, fileName]);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(centralPart.length, 12);
  end.writeUInt32LE(localPart.length, 16);
  return Buffer.concat([localPart, centralPart, end]);
}

export const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

// ---- Text pretending to be an image ------------------------------------------------------------

export const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="document.title=\'pwned\'"><rect width="10" height="10"/></svg>',
);
export const HTML_PAGE = Buffer.from(`<!doctype html>${HTML_PAYLOAD}`);

// ---- Names that try a path ---------------------------------------------------------------------

/** Upload file names a careless server would turn into a path, or choke on. */
export const HOSTILE_NAMES: readonly string[] = [
  '../../etc/passwd',
  '..\\..\\x.jpg',
  '%2e%2e%2f%2e%2e%2fx.jpg',
  'a\u0000b.jpg',
  `${'a'.repeat(300)}.jpg`,
  '/etc/cron.d/x.png',
  'C:\\Windows\\x.png',
  'x.php%00.jpg',
];

// ---- Animated WebP and videos (ffmpeg) ---------------------------------------------------------

const ffmpeg = (args: string[]) => run('ffmpeg', ['-v', 'error', '-y', ...args], { maxBuffer: 1024 * 1024 });
const fileIn = (dir: string, ext: string) => path.join(dir, `${randomBytes(6).toString('hex')}.${ext}`);

/** An animated WebP of `frames` tiny frames (about 200 bytes each). */
export async function manyFramesWebp(dir: string, frames: number): Promise<Buffer> {
  const file = fileIn(dir, 'webp');
  await ffmpeg(['-f', 'lavfi', '-i', 'testsrc=size=32x32:rate=25', '-frames:v', String(frames), '-loop', '0', file]);
  return readFile(file);
}

/** A 2 s clip whose MP4 headers claim `seconds` (10 hours by default). */
export async function videoClaiming(dir: string, seconds = 36_000): Promise<Buffer> {
  return claimDuration(await makeVideo(dir, { duration: 2, width: 160, height: 120, container: 'mp4', audio: false }), seconds);
}

/**
 * A video that really runs `seconds` (10 hours by default) in a few hundred KB: one grey 64x64
 * picture a second, all but the first coded as "no change".
 */
export async function longTinyVideo(dir: string, seconds = 36_000): Promise<Buffer> {
  const file = fileIn(dir, 'mp4');
  await ffmpeg([
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:size=64x64:rate=1:duration=${seconds}`,
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-g',
    '1000000',
    '-pix_fmt',
    'yuv420p',
    file,
  ]);
  return readFile(file);
}

/**
 * Three frames of which the last is stamped `seconds` in (10 hours by default): a few KB whose
 * packets, not only its header, reach that far; a decoder asked for constant frame rate would fill
 * the gap with copies.
 */
export async function timestampGapVideo(dir: string, seconds = 36_000): Promise<Buffer> {
  const file = fileIn(dir, 'mp4');
  await ffmpeg([
    '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=1:duration=3',
    '-vf', `setpts='if(gte(N,2),${seconds}/TB,PTS)'`,
    '-fps_mode', 'passthrough',
    '-c:v', 'libx264', '-pix_fmt', 'yuv420p',
    file,
  ]); // prettier-ignore
  return readFile(file);
}
