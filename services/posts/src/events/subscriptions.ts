/**
 * Every event this service consumes, in one place. One consumer group feeds the local projections
 * (members, videos, friend graph, privacy settings, groups and their members) that a feed page reads instead of calling other services.
 */
import { friendshipHandlers, memberPrivacyHandlers, memberSnapshotHandlers, type ConsumerDefinition } from '@kora/platform/service';
import type { Posts } from '../context.js';
import { groupHandlers } from '../projections/groups.js';
import { videoFailed, videoProcessed, videoUploaded } from '../projections/videos.js';

export function postsConsumers(posts: Posts): ConsumerDefinition[] {
  const { tables } = posts;
  return [
    {
      name: 'projections',
      handlers: {
        ...memberSnapshotHandlers(tables.members),
        'video.uploaded': (event, tx) => videoUploaded(tables, tx, event),
        'video.processed': (event, tx) => videoProcessed(tables, tx, event),
        'video.failed': (event, tx) => videoFailed(tables, tx, event),
        ...friendshipHandlers(tables.friendships),
        ...memberPrivacyHandlers(tables.privacy),
        ...groupHandlers(tables),
      },
    },
  ];
}
