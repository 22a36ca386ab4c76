/**
 * Every event this service consumes, in one place: auth's member events feed the member snapshot
 * the members and requests lists read for names and avatars; an erased member's memberships and
 * groups are settled (membership/erase-member.ts).
 */
import { memberSnapshotHandlers, type ConsumerDefinition } from '@kora/platform/service';
import type { Groups } from '../context.js';
import { eraseGroupMember } from '../membership/erase-member.js';

export function groupsConsumers(groups: Groups): ConsumerDefinition[] {
  return [
    {
      name: 'projections',
      handlers: {
        ...memberSnapshotHandlers(groups.tables.members),
        'user.deleted': (event, tx, emit) => eraseGroupMember(groups, tx, emit, event),
      },
    },
  ];
}
