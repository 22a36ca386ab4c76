/**
 * Every event this service consumes, in one place. One consumer group feeds the local projections
 * (members, videos, photos, friend graph, privacy settings, blocks, mutes, groups and their members, plans) that a feed page reads instead of calling other services; an erased member's posts and marks go (decision 034).
 * The search engine adds the consumers that feed its index, if it has one (search/post-search.ts, decision 048).
 */
import {
  friendshipHandlers,
  memberBlockHandlers,
  memberMuteHandlers,
  memberPrivacyHandlers,
  memberSnapshotHandlers,
  type ConsumerDefinition,
} from '@kora/platform/service';
import type { Posts } from '../context.js';
import { erasePostsMember } from '../projections/erase-member.js';
import { groupHandlers } from '../projections/groups.js';
import { keepMembership } from '../projections/memberships.js';
import { suspensionHandlers } from '../projections/suspended.js';
import { photoStored } from '../projections/photos.js';
import { videoFailed, videoProcessed, videoUploaded } from '../projections/videos.js';

export function postsConsumers(posts: Posts, searchIndex: ConsumerDefinition[] = []): ConsumerDefinition[] {
  const { tables } = posts;
  const snapshot = memberSnapshotHandlers(tables.members);
  return [
    {
      name: 'projections',
      handlers: {
        ...snapshot,
        // One plan, two projections: the badge in the member snapshot, the boost quota in memberships.
        'membership.changed': async (event, tx, emit) => {
          await snapshot['membership.changed'](event, tx, emit);
          await keepMembership(tables, tx, event);
        },
        'video.uploaded': (event, tx) => videoUploaded(tables, tx, event),
        'video.processed': (event, tx) => videoProcessed(tables, tx, event),
        'video.failed': (event, tx) => videoFailed(tables, tx, event),
        'photo.stored': (event, tx) => photoStored(tables, tx, event),
        ...friendshipHandlers(tables.friendships),
        ...memberPrivacyHandlers(tables.privacy),
        ...memberBlockHandlers(tables.blocks),
        ...memberMuteHandlers(tables.mutes),
        ...groupHandlers(tables),
        ...suspensionHandlers(tables),
        'user.deleted': (event, tx) => erasePostsMember(posts, tx, event),
      },
    },
    ...searchIndex,
  ];
}
