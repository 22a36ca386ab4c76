/**
 * Every event this service consumes, in one place: auth's members (names, avatars), the friend
 * graph, privacy settings, blocks and mutes (who sees whose stories and reels), and media's videos (whether a
 * story's or reel's video plays yet); an erased member's stories, reels and marks go (decision 034).
 */
import {
  friendshipHandlers,
  memberBlockHandlers,
  memberMuteHandlers,
  memberPrivacyHandlers,
  memberSnapshotHandlers,
  type ConsumerDefinition,
} from '@kora/platform/service';
import type { StoriesReels } from '../context.js';
import { eraseStoriesReelsMember } from '../projections/erase-member.js';
import { videoFailed, videoProcessed, videoUploaded } from '../projections/videos.js';

export function storiesReelsConsumers(sr: StoriesReels): ConsumerDefinition[] {
  const { tables } = sr;
  return [
    {
      name: 'projections',
      handlers: {
        ...memberSnapshotHandlers(tables.members),
        ...memberPrivacyHandlers(tables.privacy),
        ...friendshipHandlers(tables.friendships),
        ...memberBlockHandlers(tables.blocks),
        ...memberMuteHandlers(tables.mutes),
        'video.uploaded': (event, tx) => videoUploaded(tables, tx, event),
        'video.processed': (event, tx) => videoProcessed(tables, tx, event),
        'video.failed': (event, tx) => videoFailed(tables, tx, event),
        'user.deleted': (event, tx) => eraseStoriesReelsMember(sr, tx, event),
      },
    },
  ];
}
