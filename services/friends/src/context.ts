/**
 * What the friends routes and consumers share for one running instance: the platform context, the
 * tables of this instance's schema, the request policy and the clock.
 */
import type { ServiceContext } from '@kora/platform/service';
import { friendsSchema, type FriendsTables } from './db/schema.js';
import { mayRequest, type RequestPolicy } from './rules/may-request.js';

export interface FriendsOptions {
  /** Replaces the friend request policy (tests of the refusal; the settings service later). */
  mayRequest?: RequestPolicy;
  /** The clock answers are stamped with (tests pin it). */
  now?: () => Date;
}

export interface Friends {
  ctx: ServiceContext;
  tables: FriendsTables;
  mayRequest: RequestPolicy;
  now(): Date;
}

export function createFriends(ctx: ServiceContext, options: FriendsOptions): Friends {
  return {
    ctx,
    tables: friendsSchema(ctx.schema),
    mayRequest: options.mayRequest ?? mayRequest,
    now: options.now ?? (() => new Date()),
  };
}
