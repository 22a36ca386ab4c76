/** A notification in the contract's shape for unit tests (not used by the app). */
import type { Notification } from '@kora/contracts';

export function makeNotification(id: number, overrides: Partial<Notification> = {}): Notification {
  return {
    id,
    type: 'post_like',
    actorId: 2,
    actorName: 'bola',
    actorAvatar: '',
    entityType: 'post',
    entityId: 40,
    message: 'liked your post',
    meta: { postId: 40, groupId: null, mentionId: null, review: null },
    createdAt: '2026-01-05T10:00:00.000Z',
    readAt: null,
    seenAt: null,
    ...overrides,
  };
}
