/**
 * Real videos for tests, made by ffmpeg on the spot from its test sources (no binary fixtures):
 * the media service's worker tests, and the API and browser tests that upload a clip.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rename } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface MakeVideoOptions {
  /** Seconds. */
  duration: number;
  width: number;
  height: number;
  container: 'mp4' | 'webm';
  /** A 440 Hz tone beside the picture. */
  audio: boolean;
  /** Display rotation written in the MP4's metadata (phones filming upright). */
  rotate?: 90;
  /** Frames a second (default 25); a low rate makes long clips quick to make and to transcode. */
  fps?: number;
}

/**
 * Clips already made, by their options, shared by every test process on the machine: the same clip
 * is asked for by many files in every stage (a 95 s one costs ffmpeg several CPU-seconds), and what a
 * test uploads is only ever read. KORA_TEST_VIDEOS names another folder.
 */
const madeFolder = () => process.env.KORA_TEST_VIDEOS ?? path.join(os.tmpdir(), 'kora-test-videos');

/** A real video made by ffmpeg (test pattern, optional tone), or the same one made before: no binary fixtures. */
export async function makeVideo(dir: string, options: MakeVideoOptions): Promise<Buffer> {
  const key = createHash('sha256')
    .update(JSON.stringify(madeKey(options)))
    .digest('hex')
    .slice(0, 24);
  const folder = madeFolder();
  const made = path.join(folder, `${key}.${options.container}`);
  const known = await readFile(made).catch(() => null);
  if (known) return known;
  const fresh = await makeVideoNow(dir, options);
  // Into place in one step, so a process reading it beside this one never sees half a file.
  await mkdir(folder, { recursive: true });
  const partial = `${made}.${randomBytes(6).toString('hex')}.part`;
  await copyFile(fresh.file, partial);
  await rename(partial, made);
  return fresh.data;
}

/** The options in a fixed order, defaults filled in: one clip, one key. */
function madeKey(options: MakeVideoOptions): unknown[] {
  const { duration, width, height, container, audio, rotate, fps } = options;
  return [duration, width, height, container, audio, rotate ?? 0, fps ?? 25];
}

async function makeVideoNow(dir: string, options: MakeVideoOptions): Promise<{ file: string; data: Buffer }> {
  const { duration, width, height, container, audio } = options;
  const file = path.join(dir, `${randomBytes(6).toString('hex')}.${container}`);
  const codecs =
    container === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio ? ['-c:a', 'aac'] : [])]
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '500k', ...(audio ? ['-c:a', 'libvorbis'] : [])];
  await execFileAsync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=duration=${duration}:size=${width}x${height}:rate=${options.fps ?? 25}`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${duration}`] : []),
    ...codecs,
    '-t',
    String(duration),
    file,
  ]);
  if (!options.rotate) return { file, data: await readFile(file) };
  // ffmpeg writes the display matrix only when copying streams, hence a second pass.
  const rotated = file.replace(/(\.\w+)$/, '-rotated$1');
  await execFileAsync('ffmpeg', ['-v', 'error', '-y', '-i', file, '-c', 'copy', '-metadata:s:v:0', `rotate=${options.rotate}`, rotated]);
  return { file: rotated, data: await readFile(rotated) };
}

/** Boxes that hold other boxes, on the way to the ones that state a duration. */
const CONTAINER_BOXES = new Set(['moov', 'trak', 'mdia']);

/**
 * The same MP4 with a container that lies: the durations its headers state (`mvhd`, each track's
 * `tkhd` and `mdhd`) rewritten to claim `seconds`, while the samples (and the edit list, which says
 * what plays) still run as long as they did. Probing believes the claim; only decoding (or reading
 * every packet) tells the truth.
 */
export function claimDuration(mp4: Buffer, seconds: number): Buffer {
  const out = Buffer.from(mp4);
  let movieScale = 0;
  const walk = (from: number, to: number) => {
    for (let at = from; at + 8 <= to;) {
      const size = out.readUInt32BE(at);
      const type = out.subarray(at + 4, at + 8).toString('latin1');
      if (size < 8 || at + size > to) break;
      const body = at + 8;
      const v1 = out.readUInt8(body) === 1;
      const write = (offset: number, value: number) =>
        v1 ? out.writeBigUInt64BE(BigInt(Math.round(value)), offset) : out.writeUInt32BE(Math.round(value), offset);
      if (type === 'mvhd' || type === 'mdhd') {
        const scaleAt = body + 4 + (v1 ? 16 : 8);
        const scale = out.readUInt32BE(scaleAt);
        if (type === 'mvhd') movieScale = scale;
        write(scaleAt + 4, seconds * scale);
      } else if (type === 'tkhd') {
        write(body + 4 + (v1 ? 16 : 8) + 8, seconds * movieScale);
      } else if (CONTAINER_BOXES.has(type)) {
        walk(body, at + size);
      }
      at += size;
    }
  };
  walk(0, out.length);
  if (movieScale === 0) throw new Error('not an MP4 with a movie header');
  return out;
}

/** The first `fraction` of a file: an upload cut off (its magic bytes still fine). */
export const truncated = (data: Buffer, fraction: number) => data.subarray(0, Math.floor(data.length * fraction));
