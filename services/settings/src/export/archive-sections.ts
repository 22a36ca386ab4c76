/** Settings' share of a member's data archive (decision 035): what they saved on each tab. */
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
  ];
}
