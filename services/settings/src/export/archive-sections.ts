/** Settings' share of a member's data archive (decision 035): what they saved on each tab, and whom and which words they muted. */
import { tableSection, type ExportSection, type ServiceContext } from '@kora/platform/service';

export function archiveSections(ctx: ServiceContext): ExportSection[] {
  return [
    tableSection({
      db: ctx.db,
      schema: ctx.schema,
      name: 'settings',
      table: 'member_settings',
      owner: 'user_id',
      key: 'tab',
      keyType: 'text',
      columns: 'tab, values, updated_at as "updatedAt"',
    }),
    tableSection({
      db: ctx.db,
      schema: ctx.schema,
      name: 'muted-members',
      table: 'muted_members',
      owner: 'user_id',
      key: 'member_id',
      columns: 'member_id as "userId", muted_at as "mutedAt"',
    }),
    tableSection({
      db: ctx.db,
      schema: ctx.schema,
      name: 'muted-words',
      table: 'muted_words',
      owner: 'user_id',
      key: 'word',
      keyType: 'text',
      columns: 'word, muted_at as "mutedAt"',
    }),
  ];
}
