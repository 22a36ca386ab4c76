/** Auth's share of a member's data archive (decision 035): the profile and the sessions, no secrets. */
import { tableSection, type ExportSection, type ServiceContext } from '@kora/platform/service';

export function archiveSections(ctx: ServiceContext): ExportSection[] {
  const base = { db: ctx.db, schema: ctx.schema };
  return [
    tableSection({
      ...base,
      name: 'profile',
      table: 'users',
      owner: 'id',
      key: 'id',
      columns:
        'id, firstname, lastname, username, email, role, status, bio, profile_image as "profileImage", ' +
        'cover_image as "coverImage", created_at as "createdAt", activated_at as "activatedAt", updated_at as "updatedAt"',
    }),
    tableSection({
      ...base,
      name: 'sessions',
      table: 'sessions',
      owner: 'user_id',
      key: 'id',
      keyType: 'uuid',
      columns: 'id, user_agent as "userAgent", ip, created_at as "createdAt", last_seen as "lastSeen", revoked_at as "revokedAt"',
    }),
  ];
}
