/**
 * The media service's own configuration (beside the variables every service reads, which arrive in
 * `ctx.env`). Parsed once, against a zod schema; a bad value stops the start with the list of
 * problems.
 *
 * - MEDIA_DIR: the folder uploads are stored in (default `data/media`, resolved against the working
 *   directory to an absolute path; `/app/data/media` in the image, a shared volume on Kubernetes).
 * - FFMPEG_PATH / FFPROBE_PATH: the binaries the video worker runs (default `ffmpeg` / `ffprobe`,
 *   looked up on PATH).
 * - MEDIA_VIDEO_WORKERS: `true` (default) runs the video worker in this process; `false` only feeds
 *   its queue, so API pods and worker pods can be scaled apart.
 * - MEDIA_VIDEO_CONCURRENCY: videos one process transcodes at once (default 1: ffmpeg already uses
 *   every core for one video).
 * - MEDIA_VIDEO_TIMEOUT_SECONDS: a transcode still running after this long is killed and the video
 *   marked failed (default 600), so a hostile file cannot hold a worker forever.
 */
import { loadConfig } from '@kora/platform/service';
import path from 'node:path';
import { z } from 'zod';

const binary = (name: string) => z.string().trim().min(1, 'must name a program').default(name);

export const mediaEnvSchema = z.object({
  MEDIA_DIR: z
    .string()
    .trim()
    .min(1, 'must name a folder')
    .default('data/media')
    .transform((dir) => path.resolve(dir)),
  FFMPEG_PATH: binary('ffmpeg'),
  FFPROBE_PATH: binary('ffprobe'),
  MEDIA_VIDEO_WORKERS: z
    .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
    .default('true')
    .transform((value) => value === 'true'),
  MEDIA_VIDEO_CONCURRENCY: z.coerce
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(16, 'must be at most 16')
    .default(1),
  MEDIA_VIDEO_TIMEOUT_SECONDS: z.coerce
    .number()
    .int('must be a whole number')
    .min(10, 'must be at least 10')
    .max(24 * 3600)
    .default(600),
});

export type MediaConfig = z.infer<typeof mediaEnvSchema>;

/** Parses `env` (tests pass their own); no caching. */
export function parseMediaConfig(env: Record<string, string | undefined>): MediaConfig {
  return loadConfig(mediaEnvSchema, env);
}

let parsed: MediaConfig | undefined;

/** The process's configuration, parsed from `process.env` on first use and kept. */
export function mediaConfig(): MediaConfig {
  parsed ??= parseMediaConfig(process.env);
  return parsed;
}
