/** What the settings routes and consumers share for one running instance: the context and its tables. */
import type { ServiceContext } from '@kora/platform/service';
import { settingsSchema, type SettingsTables } from './db/schema.js';

export interface Settings {
  ctx: ServiceContext;
  tables: SettingsTables;
}

export function createSettings(ctx: ServiceContext): Settings {
  return { ctx, tables: settingsSchema(ctx.schema) };
}
