/**
 * What the groups routes and consumers share for one running instance: the platform context and
 * the tables of this instance's schema.
 */
import type { ServiceContext } from '@kora/platform/service';
import { groupsSchema, type GroupsTables } from './db/schema.js';

export interface Groups {
  ctx: ServiceContext;
  tables: GroupsTables;
}

export function createGroups(ctx: ServiceContext): Groups {
  return { ctx, tables: groupsSchema(ctx.schema) };
}
