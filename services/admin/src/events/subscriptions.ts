/**
 * Every event this service consumes, in one place: the audit log (admin.action-recorded from every
 * service, its own included) and the member snapshot that names the log's actors; an erased
 * member's traces (members/erase-member.ts).
 */
import { memberSnapshotHandlers, type ConsumerDefinition } from '@kora/platform/service';
import { storeAuditEntry } from '../audit/store.js';
import type { Admin } from '../context.js';
import { eraseAdminMember } from '../members/erase-member.js';

export function adminConsumers(admin: Admin): ConsumerDefinition[] {
  return [
    { name: 'audit', handlers: { 'admin.action-recorded': (event, tx) => storeAuditEntry(admin.tables, tx, event) } },
    {
      name: 'members',
      handlers: {
        ...memberSnapshotHandlers(admin.tables.members),
        'user.deleted': (event, tx) => eraseAdminMember(admin, tx, event),
      },
    },
  ];
}
