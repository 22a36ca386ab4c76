/**
 * Every event this service consumes, in one place: the member snapshot (names and avatars), the
 * block and friend-graph projections and the message policy that decide who may message whom
 * (decision 039), media's videos (whether a message's video plays yet; a finished one announces its
 * messages again), and an erased member's rows.
 */
import { friendshipHandlers, memberBlockHandlers, memberSnapshotHandlers, type ConsumerDefinition } from '@kora/platform/service';
import type { Messages } from '../context.js';
import { eraseMessagesMember } from './erase-member.js';
import { messagePolicyHandlers } from './message-policy.js';
import { videoFailed, videoProcessed, videoUploaded } from './videos.js';

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
        'video.uploaded': (event, tx) => videoUploaded(m, tx, event),
        'video.processed': (event, tx, emit) => videoProcessed(m, tx, emit, event),
        'video.failed': (event, tx, emit) => videoFailed(m, tx, emit, event),
        'user.deleted': (event, tx) => eraseMessagesMember(m, tx, event),
      },
    },
  ];
}
