/** Every service definition, by name: the embedded launcher runs them all in one process. */
import type { ServiceName } from '@kora/contracts';
import type { ServiceDefinition } from '@kora/platform';
import { adminService } from '@kora/admin';
import { authService } from '@kora/auth';
import { friendsService } from '@kora/friends';
import { groupsService } from '@kora/groups';
import { mediaService } from '@kora/media';
import { notificationsService } from '@kora/notifications';
import { postsService } from '@kora/posts';
import { settingsService } from '@kora/settings';
import { storiesReelsService } from '@kora/stories-reels';
import { walletService } from '@kora/wallet';

export const serviceDefinitions: Record<ServiceName, ServiceDefinition> = {
  auth: authService,
  friends: friendsService,
  posts: postsService,
  media: mediaService,
  'stories-reels': storiesReelsService,
  groups: groupsService,
  wallet: walletService,
  settings: settingsService,
  notifications: notificationsService,
  admin: adminService,
};
