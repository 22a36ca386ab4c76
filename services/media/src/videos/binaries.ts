/**
 * Whether ffmpeg/ffprobe can be started at all. fluent-ffmpeg 2.1.3 crashes the process (an
 * uncaught TypeError in its own error handler) when the binary it spawns does not exist, so every
 * fluent-ffmpeg run is preceded by this check; a missing binary then fails the job (and is retried)
 * instead. A success is remembered per path; a failure is not, so a fixed install is picked up.
 */
import { execFile } from 'node:child_process';

const CHECK_TIMEOUT_MS = 10_000;
const working = new Map<string, Promise<void>>();

function check(binary: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(binary, ['-version'], { timeout: CHECK_TIMEOUT_MS, windowsHide: true }, (err) =>
      err ? reject(new Error(`${binary} cannot be run: ${(err as NodeJS.ErrnoException).code ?? err.message}`)) : resolve(),
    );
  });
}

export function assertRunnable(binary: string): Promise<void> {
  let known = working.get(binary);
  if (!known) {
    known = check(binary);
    working.set(binary, known);
    known.catch(() => working.delete(binary));
  }
  return known;
}

/**
 * What is wrong with the video tools, or null when both run. Asked again for every video job: a
 * worker that started before ffmpeg was installed works as soon as it is.
 */
export async function videoToolsProblem(ffmpegPath: string, ffprobePath: string): Promise<string | null> {
  const results = await Promise.allSettled([assertRunnable(ffmpegPath), assertRunnable(ffprobePath)]);
  const problems = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
  return problems.length ? problems.join('; ') : null;
}
