/** Groups' share of a member's data archive (decision 035): the groups they own and their memberships. */
import { tableSection, type ExportSection, type ServiceContext } from '@kora/platform/service';

export function archiveSections(ctx: ServiceContext): ExportSection[] {
  const base = { db: ctx.db, schema: ctx.schema };
  return [
    tableSection({
      ...base,
      name: 'owned-groups',
      table: 'groups',
      owner: 'owner_id',
      key: 'id',
      columns: 'id, title, description, picture, privacy, created_at as "createdAt"',
    }),
    tableSection({
      ...base,
      name: 'memberships',
      table: 'memberships',
      owner: 'user_id',
      key: 'group_id',
      columns: 'group_id as "groupId", status, role, requested_at as "requestedAt", joined_at as "joinedAt"',
    }),
  ];
}
