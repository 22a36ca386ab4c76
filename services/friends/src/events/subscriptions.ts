/**
 * Every event this service consumes, in one place. One consumer group feeds the member projection
 * (names, avatars, activation) that requests, lists and suggestions read instead of calling auth.
 */
import type { ConsumerDefinition } from '@kora/platform';
import type { Friends } from '../context.js';
import { memberActivated, memberRegistered, memberUpdated } from '../projections/members.js';

export function friendsConsumers(friends: Friends): ConsumerDefinition[] {
  const { tables } = friends;
  return [
    {
      name: 'projections',
      handlers: {
        'user.registered': (event, tx) => memberRegistered(tables, tx, event),
        'user.activated': (event, tx) => memberActivated(tables, tx, event),
        'user.updated': (event, tx) => memberUpdated(tables, tx, event),
      },
    },
  ];
}
