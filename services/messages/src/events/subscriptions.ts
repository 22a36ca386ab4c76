/**
 * Every event this service consumes, in one place: the member snapshot (names and avatars), the
 * block and friend-graph projections and the message policy that decide who may message whom
 * (decision 039), and an erased member's rows.
 */
import { friendshipHandlers, memberBlockHandlers, memberSnapshotHandlers, type ConsumerDefinition } from '@kora/platform/service';
import type { Messages } from '../context.js';
import { eraseMessagesMember } from './erase-member.js';
import { messagePolicyHandlers } from './message-policy.js';

export function messagesConsumers(m: Messages): ConsumerDefinition[] {
  const { tables } = m;
  return [
    {
      name: 'projections',
      handlers: {
        ...memberSnapshotHandlers(tables.members),
        ...memberBlockHandlers(tables.blocks),
        ...friendshipHandlers(tables.friendships),
        ...messagePolicyHandlers(tables),
        'user.deleted': (event, tx) => eraseMessagesMember(m, tx, event),
      },
    },
  ];
}
