/**
 * A video's real length without decoding it: ffmpeg copies the picture's packets to nowhere
 * (`-c copy -f null`), which only reads the file, and reports where the last packet ends. Used to
 * confirm a container's claim of a length far over the limit before refusing it, so such a file
 * never costs a transcode (`length-rule.ts`). It says where the last picture starts, one frame short
 * of the end, so it never makes a video longer than it is. Null when it cannot tell: the transcode
 * then decides.
 */
import { execFile } from 'node:child_process';
import { safeInputOptions } from './ffmpeg-input.js';

const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;
/** `-progress` lines: `out_time_us=95000000` (microseconds; `N/A` before the first packet). */
const OUT_TIME = /^out_time_us=(\d+)$/gm;

export function copyLengthSeconds(ffmpegPath: string, file: string, mime: string, timeoutSeconds: number): Promise<number | null> {
  const args = [
    '-nostdin',
    '-v',
    'error',
    '-nostats',
    '-progress',
    'pipe:1',
    ...safeInputOptions(mime),
    '-i',
    file,
    '-map',
    '0:v:0',
    '-c',
    'copy',
    '-f',
    'null',
    '-',
  ];
  return new Promise((resolve) => {
    execFile(
      ffmpegPath,
      args,
      { timeout: timeoutSeconds * 1000, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true },
      (err, stdout) => {
        if (err) return resolve(null);
        const times = [...String(stdout).matchAll(OUT_TIME)].map((m) => Number(m[1]));
        const last = times.at(-1);
        resolve(last !== undefined && Number.isFinite(last) && last > 0 ? last / 1_000_000 : null);
      },
    );
  });
}
