/**
 * Every event this service consumes, in one place. One consumer group feeds the local projections
 * (authors, videos, friend graph) that a feed page reads instead of calling other services.
 */
import type { ConsumerDefinition } from '@kora/platform';
import type { Posts } from '../context.js';
import { applyMemberSnapshot } from '../projections/authors.js';
import { friendshipAccepted, friendshipRemoved } from '../projections/friendships.js';
import { videoFailed, videoProcessed, videoUploaded } from '../projections/videos.js';

export function postsConsumers(posts: Posts): ConsumerDefinition[] {
  const { tables } = posts;
  return [
    {
      name: 'projections',
      handlers: {
        'user.registered': (event, tx) => applyMemberSnapshot(tables, tx, event),
        'user.updated': (event, tx) => applyMemberSnapshot(tables, tx, event),
        'video.uploaded': (event, tx) => videoUploaded(tables, tx, event),
        'video.processed': (event, tx) => videoProcessed(tables, tx, event),
        'video.failed': (event, tx) => videoFailed(tables, tx, event),
        'friend-request.accepted': (event, tx) => friendshipAccepted(tables, tx, event),
        'friendship.removed': (event, tx) => friendshipRemoved(tables, tx, event),
      },
    },
  ];
}
