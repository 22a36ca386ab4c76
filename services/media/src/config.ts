/**
 * The media service's own configuration (beside the variables every service reads, which arrive in
 * `ctx.env`). Parsed once, against a zod schema; a bad value stops the start with the list of
 * problems.
 *
 * - MEDIA_DIR: the folder uploads are stored in (default `data/media`, resolved against the working
 *   directory to an absolute path; `/app/data/media` in the image, a shared volume on Kubernetes).
 */
import { loadConfig } from '@kora/platform';
import path from 'node:path';
import { z } from 'zod';

export const mediaEnvSchema = z.object({
  MEDIA_DIR: z
    .string()
    .trim()
    .min(1, 'must name a folder')
    .default('data/media')
    .transform((dir) => path.resolve(dir)),
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
