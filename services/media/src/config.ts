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
 *
 * Where media is stored and how it is delivered (decision 051):
 * - MEDIA_STORAGE: `disk` (default: the folder MEDIA_DIR) or `s3` (S3-compatible object storage).
 * - S3_BUCKET: the bucket (required with `s3`); S3_ENDPOINT: the server's URL (empty: AWS itself);
 *   S3_REGION (default us-east-1); S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (both or neither:
 *   neither uses the SDK's default chain, e.g. a pod's role); S3_FORCE_PATH_STYLE: `true` for
 *   S3Proxy/MinIO-style servers (default false); S3_CREATE_BUCKET: `true` creates a missing bucket
 *   at start-up (default false: a missing bucket stops the start).
 * - MEDIA_DELIVERY: `proxy` (default: `/uploads/*` streams the bytes, with ranges, validators and
 *   cache headers) or `redirect` (a 302 to a presigned GET URL valid S3_PRESIGN_SECONDS, default
 *   300; or to MEDIA_PUBLIC_BASE_URL/<key> when a CDN is set). `redirect` needs `s3`.
 */
import { blankIsUnset, loadConfig } from '@kora/platform/service';
import path from 'node:path';
import { z } from 'zod';

const binary = (name: string) => z.string().trim().min(1, 'must name a program').default(name);
const flag = (byDefault: 'true' | 'false') =>
  z.preprocess(
    blankIsUnset,
    z
      .enum(['true', 'false'], { error: "must be 'true' or 'false'" })
      .default(byDefault)
      .transform((value) => value === 'true'),
  );
const optionalText = z.preprocess(blankIsUnset, z.string().trim().min(1).optional());
const httpUrl = (what: string) =>
  z.preprocess(
    blankIsUnset,
    z
      .url({ protocol: /^https?$/, error: `must be the http(s) URL of ${what}` })
      .transform((url) => url.replace(/\/+$/, ''))
      .optional(),
  );

/** S3 bucket names: 3–63 lower-case letters, digits, dots and hyphens (no path tricks in a URL). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

const storageSchema = {
  MEDIA_STORAGE: z.preprocess(blankIsUnset, z.enum(['disk', 's3'], { error: "must be 'disk' or 's3'" }).default('disk')),
  S3_ENDPOINT: httpUrl('the S3 server (empty for AWS)'),
  S3_REGION: z.preprocess(blankIsUnset, z.string().trim().min(1).default('us-east-1')),
  S3_BUCKET: z.preprocess(
    blankIsUnset,
    z.string().trim().regex(BUCKET_NAME, 'must be a bucket name (3-63 lower-case letters, digits, dots, hyphens)').optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag('false'),
  S3_CREATE_BUCKET: flag('false'),
  MEDIA_DELIVERY: z.preprocess(blankIsUnset, z.enum(['proxy', 'redirect'], { error: "must be 'proxy' or 'redirect'" }).default('proxy')),
  S3_PRESIGN_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce
      .number()
      .int('must be a whole number')
      .min(60, 'must be at least 60')
      .max(7 * 24 * 3600, 'must be at most 604800 (7 days, the longest S3 allows)')
      .default(300),
  ),
  MEDIA_PUBLIC_BASE_URL: httpUrl('the CDN serving the bucket'),
};

export const mediaEnvSchema = z
  .object({
    ...storageSchema,
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
  })
  .superRefine((config, ctx) => {
    const problem = (variable: string, message: string) => ctx.addIssue({ code: 'custom', path: [variable], message });
    if (config.MEDIA_STORAGE === 's3' && !config.S3_BUCKET) problem('S3_BUCKET', 'is required when MEDIA_STORAGE=s3');
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      problem(
        config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID',
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      );
    }
    if (config.MEDIA_DELIVERY === 'redirect' && config.MEDIA_STORAGE !== 's3') {
      problem('MEDIA_DELIVERY', 'redirect needs MEDIA_STORAGE=s3 (the disk is only served by this service)');
    }
    if (config.MEDIA_PUBLIC_BASE_URL && config.MEDIA_DELIVERY !== 'redirect') {
      problem('MEDIA_PUBLIC_BASE_URL', 'is only used with MEDIA_DELIVERY=redirect');
    }
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
