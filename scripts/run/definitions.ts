/** Every service definition, by name: the embedded launcher runs them all in one process. */
import type { ServiceName } from '@kora/contracts';
import type { ServiceDefinition } from '@kora/platform';
import { createAdminService } from '@kora/admin';
import { createAuthService } from '@kora/auth';
import { createFriendsService } from '@kora/friends';
import { createGroupsService } from '@kora/groups';
import { createMediaService } from '@kora/media';
import { createMessagesService } from '@kora/messages';
import { createNotificationsService } from '@kora/notifications';
import { createPostsService } from '@kora/posts';
import { createSettingsService } from '@kora/settings';
import { createStoriesReelsService } from '@kora/stories-reels';
import { createWalletService } from '@kora/wallet';

export const serviceDefinitions: Record<ServiceName, ServiceDefinition> = {
  auth: createAuthService(),
  friends: createFriendsService(),
  posts: createPostsService(),
  media: createMediaService(),
  'stories-reels': createStoriesReelsService(),
  groups: createGroupsService(),
  wallet: createWalletService(),
  settings: createSettingsService(),
  notifications: createNotificationsService(),
  admin: createAdminService(),
  messages: createMessagesService(),
};
