/**
 * What the posts routes and consumers share for one running instance: the platform context, the
 * tables of this instance's schema, the configuration (parsed once) and the clock.
 */
import type { ServiceContext } from '@kora/platform/service';
import { loadPostsConfig, type PostsConfig } from './config.js';
import { postsSchema, type PostsTables } from './db/schema.js';

export interface PostsOptions {
  /** Variables to read instead of `process.env` (tests). */
  env?: Record<string, string | undefined>;
  /** The clock "today" comes from (tests pin it). */
  now?: () => Date;
  /** How long trending hashtags are kept before they are counted again (default a minute; 0: never kept). */
  trendingCacheMs?: number;
}

export interface Posts {
  ctx: ServiceContext;
  tables: PostsTables;
  config: PostsConfig;
  now(): Date;
  trendingCacheMs: number;
}

export function createPosts(ctx: ServiceContext, options: PostsOptions): Posts {
  return {
    ctx,
    tables: postsSchema(ctx.schema),
    config: loadPostsConfig(options.env ?? process.env),
    now: options.now ?? (() => new Date()),
    trendingCacheMs: options.trendingCacheMs ?? 60_000,
  };
}
