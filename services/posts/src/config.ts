/**
 * The posts service's own configuration, on top of the platform's variables (which arrive in
 * `ctx.env`). Parsed once per start, against a zod schema; a bad value stops the start with the
 * list of problems.
 *
 * - KORA_TIME_ZONE: the IANA zone whose calendar day "today" means for memories (default
 *   Africa/Lagos), until members have a time zone setting of their own (decision 009).
 * - SEARCH_BACKEND: what finds posts for `/api/search?type=posts` (decision 048): `postgres` (the
 *   default, and all the embedded product uses) or `opensearch`, which needs OPENSEARCH_URL (its
 *   credentials in the URL when it has them). OPENSEARCH_INDEX_PREFIX names the index (default
 *   `kora`) when several sites share one cluster.
 */
import { blankIsUnset, koraTimeZone, loadConfig } from '@kora/platform/service';
import { z } from 'zod';

export const postsEnvSchema = z
  .object({
    KORA_TIME_ZONE: koraTimeZone,
    SEARCH_BACKEND: z.preprocess(blankIsUnset, z.enum(['postgres', 'opensearch']).default('postgres')),
    OPENSEARCH_URL: z.preprocess(blankIsUnset, z.string().url().optional()),
    OPENSEARCH_INDEX_PREFIX: z.preprocess(
      blankIsUnset,
      z
        .string()
        .regex(/^[a-z0-9][a-z0-9_-]*$/, 'lower-case letters, digits, - and _')
        .default('kora'),
    ),
  })
  .refine((env) => env.SEARCH_BACKEND !== 'opensearch' || env.OPENSEARCH_URL !== undefined, {
    message: 'SEARCH_BACKEND=opensearch needs OPENSEARCH_URL',
    path: ['OPENSEARCH_URL'],
  });

export type PostsConfig = z.infer<typeof postsEnvSchema>;

export function loadPostsConfig(env: Record<string, string | undefined> = process.env): PostsConfig {
  return loadConfig(postsEnvSchema, env);
}
