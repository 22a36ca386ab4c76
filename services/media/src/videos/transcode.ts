/**
 * ffmpeg, through fluent-ffmpeg: the browser-safe MP4 every video becomes (and, in the same run,
 * its small rendition: decision 044), and its poster frame. Only the worker calls this, never a
 * request.
 *
 * The MP4: H.264 (High profile, yuv420p, CRF 23, preset veryfast, at most 60 frames a second) at
 * the size `geometry.ts` decided, AAC stereo 128 kb/s (no audio track when the source has none),
 * `+faststart` so playback starts before the whole file has arrived, and no metadata, chapters,
 * subtitles or data streams carried over (phones put the place a video was shot in its metadata).
 *
 * Each run is killed (SIGKILL) after its time limit: a file built to make the decoder crawl fails
 * as `tooSlow` instead of holding a worker.
 */
import ffmpeg from 'fluent-ffmpeg';
import { assertRunnable } from './binaries.js';
import { safeInputOptions } from './ffmpeg-input.js';
import { VideoRejectedError, videoFailureTexts } from './failures.js';
import type { Size } from './geometry.js';

const POSTER_TIMEOUT_SECONDS = 60;
const STDERR_TAIL = 800;

/** `time=00:01:02.50` in ffmpeg's progress lines. */
const TIME = /time=(\d+):(\d{2}):(\d{2}(?:\.\d+)?)/;

async function run(ffmpegPath: string, command: ffmpeg.FfmpegCommand, timeoutSeconds: number): Promise<void> {
  await assertRunnable(ffmpegPath);
  return new Promise((resolve, reject) => {
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    command
      .on('start', () => {
        // Counted from the spawn: fluent-ffmpeg first checks formats and codecs, and a kill sent
        // before the process exists would be lost.
        timer = setTimeout(() => {
          timedOut = true;
          command.kill('SIGKILL');
        }, timeoutSeconds * 1000);
      })
      .on('end', () => {
        clearTimeout(timer);
        resolve();
      })
      .on('error', (err: Error, _stdout: string | null, stderr: string | null) => {
        clearTimeout(timer);
        if (timedOut) return reject(new VideoRejectedError(videoFailureTexts.tooSlow, `ffmpeg ran over ${timeoutSeconds} s`));
        // Anything else (a full disk, a crash) is retried by the job.
        const tail = (stderr ?? '').trim().slice(-STDERR_TAIL);
        reject(new Error(tail ? `${err.message}: ${tail}` : err.message));
      })
      .run();
  });
}

export interface TranscodeJob {
  ffmpegPath: string;
  input: string;
  /** What the magic bytes said the input is (picks the demuxer). */
  mime: string;
  output: string;
  size: Size;
  withAudio: boolean;
  /** Of the input, to turn ffmpeg's position into a fraction; null when unknown. */
  durationSeconds: number | null;
  /** Stop after this many seconds of output (the length rule's limit plus its margin). */
  maxSeconds?: number;
  timeoutSeconds: number;
  /** 0..1 as the transcode goes (only when the duration is known). */
  onProgress?: (fraction: number) => void;
  /** The small rendition (decision 044), written by the same run: the input is decoded once for both. */
  small?: { size: Size; output: string };
}

/** The small rendition's sound: phones on metered data, so half the main one's bit rate. */
export const SMALL_AUDIO_BITRATE = '64k';

/** ffmpeg's output options for the MP4 (the bench runs bare ffmpeg with exactly these). */
export function mp4OutputOptions(job: Pick<TranscodeJob, 'size' | 'withAudio' | 'maxSeconds'> & { audioBitrate?: string }): string[] {
  return [
    '-map',
    '0:v:0',
    ...(job.withAudio ? ['-map', '0:a:0', '-c:a', 'aac', '-b:a', job.audioBitrate ?? '128k', '-ac', '2'] : ['-an']),
    '-vf',
    `scale=${job.size.width}:${job.size.height},setsar=1,format=yuv420p`,
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    '-fpsmax',
    '60',
    '-sn',
    '-dn',
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-movflags',
    '+faststart',
    // Whatever the container claims, never more than the length rule needs to judge the clip.
    ...(job.maxSeconds ? ['-t', job.maxSeconds.toFixed(3)] : []),
    '-f',
    'mp4',
  ];
}

export function transcodeToMp4(job: TranscodeJob): Promise<void> {
  const command = ffmpeg(job.input)
    .setFfmpegPath(job.ffmpegPath)
    .inputOptions(safeInputOptions(job.mime))
    .outputOptions(mp4OutputOptions(job))
    .output(job.output);
  if (job.small) {
    command.output(job.small.output).outputOptions(mp4OutputOptions({ ...job, size: job.small.size, audioBitrate: SMALL_AUDIO_BITRATE }));
  }

  const { onProgress } = job;
  const durationSeconds = job.maxSeconds && job.durationSeconds ? Math.min(job.maxSeconds, job.durationSeconds) : job.durationSeconds;
  if (onProgress && durationSeconds) {
    command.on('stderr', (line: string) => {
      const match = TIME.exec(line);
      if (!match) return;
      const seconds = Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
      onProgress(Math.min(1, Math.max(0, seconds / durationSeconds)));
    });
  }
  return run(job.ffmpegPath, command, job.timeoutSeconds);
}

export interface PosterJob {
  ffmpegPath: string;
  /** The transcoded MP4 (already scaled and upright). */
  input: string;
  output: string;
  atSeconds: number;
}

/** One JPEG frame of the MP4 at `atSeconds`. */
export function extractPoster(job: PosterJob): Promise<void> {
  const command = ffmpeg(job.input)
    .setFfmpegPath(job.ffmpegPath)
    .inputOptions([...safeInputOptions('video/mp4'), '-ss', job.atSeconds.toFixed(3)])
    .outputOptions(['-frames:v', '1', '-c:v', 'mjpeg', '-q:v', '3', '-map_metadata', '-1', '-f', 'image2', '-update', '1'])
    .output(job.output);
  return run(job.ffmpegPath, command, POSTER_TIMEOUT_SECONDS);
}
