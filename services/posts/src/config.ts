/**
 * The posts service's own configuration, on top of the platform's variables (which arrive in
 * `ctx.env`). Parsed once per start, against a zod schema; a bad value stops the start with the
 * list of problems.
 *
 * - KORA_TIME_ZONE: the IANA zone whose calendar day "today" means for memories (default
 *   Africa/Lagos), until members have a time zone setting of their own (decision 009).
 */
import { koraTimeZone, loadConfig } from '@kora/platform/service';
import { z } from 'zod';

export const postsEnvSchema = z.object({
  KORA_TIME_ZONE: koraTimeZone,
});

export type PostsConfig = z.infer<typeof postsEnvSchema>;

export function loadPostsConfig(env: Record<string, string | undefined> = process.env): PostsConfig {
  return loadConfig(postsEnvSchema, env);
}
