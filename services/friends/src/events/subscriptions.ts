/**
 * Every event this service consumes, in one place. One consumer group feeds the member projection
 * (names, avatars, activation) that requests, lists and suggestions read instead of calling auth,
 * the privacy projection the friend request policy reads, and an erased member's rows go.
 */
import { memberPrivacyHandlers, memberSnapshotHandlers, type ConsumerDefinition } from '@kora/platform/service';
import type { Friends } from '../context.js';
import { eraseFriendsMember } from './erase-member.js';

export function friendsConsumers(friends: Friends): ConsumerDefinition[] {
  const { tables } = friends;
  return [
    {
      name: 'projections',
      handlers: {
        ...memberSnapshotHandlers(tables.members),
        ...memberPrivacyHandlers(tables.privacy),
        'user.deleted': (event, tx) => eraseFriendsMember(friends, tx, event),
      },
    },
  ];
}
