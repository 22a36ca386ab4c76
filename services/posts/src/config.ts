/**
 * The posts service's own configuration, on top of the platform's variables (which arrive in
 * `ctx.env`). Parsed once per start, against a zod schema; a bad value stops the start with the
 * list of problems.
 *
 * - KORA_TIME_ZONE: the IANA zone whose calendar day "today" means for memories (default
 *   Africa/Lagos), until members have a time zone setting of their own (decision 009).
 */
import { blankIsUnset, loadConfig } from '@kora/platform/service';
import { z } from 'zod';

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const postsEnvSchema = z.object({
  KORA_TIME_ZONE: z
    .preprocess(blankIsUnset, z.string().trim().default('Africa/Lagos'))
    .refine(isTimeZone, 'must be an IANA time zone such as Africa/Lagos'),
});

export type PostsConfig = z.infer<typeof postsEnvSchema>;

export function loadPostsConfig(env: Record<string, string | undefined> = process.env): PostsConfig {
  return loadConfig(postsEnvSchema, env);
}
