/**
 * ffprobe: what a video file holds (container, duration, size, the first video and audio streams),
 * read from its headers without decoding it. Run directly (not through fluent-ffmpeg, whose probe
 * has no time limit and parses text output) with JSON output, a time limit and the safe input
 * options. A file ffprobe cannot read, or one with no picture, is a `VideoRejectedError`; ffprobe
 * not starting at all (missing binary) is an ordinary, retried error.
 */
import { execFile } from 'node:child_process';
import { z } from 'zod';
import { safeInputOptions } from './ffmpeg-input.js';
import { VideoRejectedError, videoFailureTexts } from './failures.js';

const PROBE_TIMEOUT_MS = 60_000;
const MAX_OUTPUT_BYTES = 4 * 1024 * 1024;

export interface VideoStreamInfo {
  codec: string;
  /** As coded. */
  width: number;
  height: number;
  /** As shown: rotation and non-square pixels applied (what ffmpeg's filters will see). */
  displayWidth: number;
  displayHeight: number;
}

export interface VideoProbe {
  format: string;
  durationSeconds: number | null;
  bytes: number | null;
  video: VideoStreamInfo;
  /** Null when the file has no sound. */
  audio: { codec: string; channels: number } | null;
}

const finite = z.coerce.number().refine(Number.isFinite).optional().catch(undefined);

const streamSchema = z.object({
  codec_type: z.string().optional(),
  codec_name: z.string().optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  channels: z.number().optional(),
  sample_aspect_ratio: z.string().optional(),
  disposition: z.object({ attached_pic: z.number().optional() }).partial().optional(),
  tags: z.record(z.string(), z.string()).optional(),
  side_data_list: z.array(z.object({ rotation: z.number().optional() })).optional(),
});

const probeSchema = z.object({
  streams: z.array(streamSchema).default([]),
  format: z.object({ format_name: z.string().optional(), duration: finite, size: finite }).default({}),
});

type ProbedStream = z.infer<typeof streamSchema>;

/** Degrees the picture is turned when shown (phones record sideways and say so in metadata). */
function rotationOf(stream: ProbedStream): number {
  const fromSideData = stream.side_data_list?.find((d) => typeof d.rotation === 'number')?.rotation;
  const degrees = fromSideData ?? Number(stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? ((Math.round(degrees) % 360) + 360) % 360 : 0;
}

/** Width over height of one pixel ("4:3"); 1 when absent or nonsense ("0:1", "N/A"). */
function pixelAspect(sar: string | undefined): number {
  const [num, den] = (sar ?? '').split(':').map(Number);
  return num && den && Number.isFinite(num / den) && num / den > 0.1 && num / den < 10 ? num / den : 1;
}

function videoStreamOf(streams: ProbedStream[]): VideoStreamInfo {
  // A cover picture in a music file is a "video" stream too; it is not a video.
  const stream = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const { width, height } = stream ?? {};
  if (!stream || !width || !height || width <= 0 || height <= 0) {
    throw new VideoRejectedError(videoFailureTexts.unreadable, 'no video stream');
  }
  const shownWidth = Math.round(width * pixelAspect(stream.sample_aspect_ratio));
  const sideways = rotationOf(stream) % 180 === 90;
  return {
    codec: stream.codec_name ?? 'unknown',
    width,
    height,
    displayWidth: sideways ? height : shownWidth,
    displayHeight: sideways ? shownWidth : height,
  };
}

function runFfprobe(ffprobePath: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      ffprobePath,
      args,
      { timeout: PROBE_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: MAX_OUTPUT_BYTES, windowsHide: true },
      (err, stdout, stderr) => {
        if (!err) return resolve(stdout);
        const failure = err as NodeJS.ErrnoException & { killed?: boolean; code?: number | string };
        // Could not start (ENOENT, EACCES): the machine's fault, not the file's.
        if (failure.syscall?.startsWith('spawn')) return reject(new Error(`ffprobe could not start (${ffprobePath}): ${failure.code}`));
        if (failure.killed && failure.code !== 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
          return reject(new VideoRejectedError(videoFailureTexts.unreadable, `ffprobe ran over ${PROBE_TIMEOUT_MS} ms`));
        }
        reject(
          new VideoRejectedError(
            videoFailureTexts.unreadable,
            String(stderr).trim().slice(0, 500) || `ffprobe exited with ${failure.code}`,
          ),
        );
      },
    );
  });
}

/** Probes `file`, opened as `mime`. */
export async function probeVideo(ffprobePath: string, file: string, mime: string): Promise<VideoProbe> {
  const stdout = await runFfprobe(ffprobePath, [
    '-v',
    'error',
    ...safeInputOptions(mime),
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  let raw: unknown;
  try {
    raw = JSON.parse(stdout);
  } catch {
    throw new VideoRejectedError(videoFailureTexts.unreadable, 'ffprobe output is not JSON');
  }
  const parsed = probeSchema.safeParse(raw);
  if (!parsed.success) throw new VideoRejectedError(videoFailureTexts.unreadable, 'unexpected ffprobe output');
  const { streams, format } = parsed.data;
  const audio = streams.find((s) => s.codec_type === 'audio');
  return {
    format: format.format_name ?? 'unknown',
    durationSeconds: format.duration !== undefined && format.duration > 0 ? format.duration : null,
    bytes: format.size ?? null,
    video: videoStreamOf(streams),
    audio: audio ? { codec: audio.codec_name ?? 'unknown', channels: audio.channels ?? 0 } : null,
  };
}
