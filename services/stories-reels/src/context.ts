/**
 * What the stories-reels routes, consumers and jobs share for one running instance: the platform
 * context, the tables of this instance's schema, and the clock every "is this story still live?"
 * question asks (tests move it; nothing here reads the database's own now() for expiry).
 */
import type { ServiceContext } from '@kora/platform/service';
import { storiesReelsSchema, type StoriesReelsTables } from './db/schema.js';

export interface StoriesReelsOptions {
  /** The current time; tests pass a clock they move (a story's 24 hours pass without sleeping). */
  now?: () => Date;
  /** How often the purge job looks for expired or deleted stories (default every 10 minutes). */
  purgeEveryMs?: number;
}

export interface StoriesReels {
  ctx: ServiceContext;
  tables: StoriesReelsTables;
  now: () => Date;
  purgeEveryMs: number;
}

export function createStoriesReels(ctx: ServiceContext, options: StoriesReelsOptions = {}): StoriesReels {
  return {
    ctx,
    tables: storiesReelsSchema(ctx.schema),
    now: options.now ?? (() => new Date()),
    purgeEveryMs: options.purgeEveryMs ?? 10 * 60 * 1000,
  };
}
