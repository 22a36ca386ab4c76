/**
 * What the friends routes and consumers share for one running instance: the platform context, the
 * tables of this instance's schema and the clock.
 */
import type { ServiceContext } from '@kora/platform/service';
import { friendsSchema, type FriendsTables } from './db/schema.js';

export interface FriendsOptions {
  /** The clock answers are stamped with (tests pin it). */
  now?: () => Date;
}

export interface Friends {
  ctx: ServiceContext;
  tables: FriendsTables;
  now(): Date;
}

export function createFriends(ctx: ServiceContext, options: FriendsOptions): Friends {
  return {
    ctx,
    tables: friendsSchema(ctx.schema),
    now: options.now ?? (() => new Date()),
  };
}
