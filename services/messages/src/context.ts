/**
 * What the messages routes and consumers share for one running instance: the platform context,
 * the tables of this instance's schema and the clock.
 */
import type { ServiceContext } from '@kora/platform/service';
import { messagesSchema, type MessagesTables } from './db/schema.js';

export interface MessagesOptions {
  /** The clock answers are stamped with (tests pin it). */
  now?: () => Date;
}

export interface Messages {
  ctx: ServiceContext;
  tables: MessagesTables;
  now(): Date;
}

export function createMessages(ctx: ServiceContext, options: MessagesOptions): Messages {
  return { ctx, tables: messagesSchema(ctx.schema), now: options.now ?? (() => new Date()) };
}
