/**
 * Real videos for tests, made by ffmpeg on the spot from its test sources (no binary fixtures):
 * the media service's worker tests, and the API and browser tests that upload a clip.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
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
}

/** A real video made by ffmpeg on the spot (test pattern, optional tone): no binary fixtures. */
export async function makeVideo(dir: string, options: MakeVideoOptions): Promise<Buffer> {
  const { duration, width, height, container, audio } = options;
  const file = path.join(dir, `${randomBytes(6).toString('hex')}.${container}`);
  const codecs =
    container === 'mp4'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', ...(audio ? ['-c:a', 'aac'] : [])]
      : ['-c:v', 'libvpx', '-deadline', 'realtime', '-cpu-used', '8', '-b:v', '500k', ...(audio ? ['-c:a', 'libvorbis'] : [])];
  await execFileAsync('ffmpeg', [
    '-v', 'error', '-y',
    '-f', 'lavfi', '-i', `testsrc=duration=${duration}:size=${width}x${height}:rate=25`,
    ...(audio ? ['-f', 'lavfi', '-i', `sine=frequency=440:duration=${duration}`] : []),
    ...codecs,
    '-t', String(duration),
    file,
  ]);
  if (!options.rotate) return readFile(file);
  // ffmpeg writes the display matrix only when copying streams, hence a second pass.
  const rotated = file.replace(/(\.\w+)$/, '-rotated$1');
  await execFileAsync('ffmpeg', ['-v', 'error', '-y', '-i', file, '-c', 'copy', '-metadata:s:v:0', `rotate=${options.rotate}`, rotated]);
  return readFile(rotated);
}
