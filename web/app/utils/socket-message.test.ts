import { socketMessage } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import { readSocketMessage } from './socket-message';

const notification = {
  id: 7,
  type: 'post_like',
  actorId: 3,
  actorName: 'Ada Obi',
  actorAvatar: '/uploads/profile/defaultavatar.png',
  entityType: 'post',
  entityId: 11,
  message: 'liked your post',
  meta: { postId: 11, groupId: null },
  createdAt: '2026-11-25T10:00:00.000Z',
  readAt: null,
  seenAt: '2026-11-25T10:01:00.000Z',
};

/** Every way a field of the notification can be wrong: missing, of another type, or null where it may not be. */
function brokenNotifications(): unknown[] {
  const wrong: unknown[] = [];
  for (const name of Object.keys(notification)) {
    const { [name]: _dropped, ...without } = notification as Record<string, unknown>;
    wrong.push(without);
    for (const value of [null, 'x', 1.5, 2, true, {}, []]) wrong.push({ ...notification, [name]: value });
  }
  for (const meta of [
    {},
    { postId: 'x', groupId: null },
    { postId: null },
    null,
    [],
    { postId: 1.5, groupId: null },
    { postId: 1, groupId: null, mentionId: 'x' },
    { postId: 1, groupId: null, mentionId: 1.5 },
    { postId: 1, groupId: null, review: 'maybe' },
    { postId: 1, groupId: null, review: 1 },
  ])
    wrong.push({ ...notification, meta });
  return wrong;
}

/** What the contract's schema answers for a raw socket frame. */
function bySchema(frame: string) {
  try {
    const parsed = socketMessage.safeParse(JSON.parse(frame));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

describe('readSocketMessage', () => {
  it("answers what the contract's schema answers, for valid and broken messages alike", () => {
    const frames = [
      { type: 'ready', unread: 4 },
      { type: 'ready', unread: 0, extra: true },
      { type: 'ready', unread: '4' },
      { type: 'ready' },
      { type: 'notification:new', notification },
      { type: 'notification:new', notification: { ...notification, extra: 'dropped' } },
      { type: 'notification:new', notification: { ...notification, meta: { postId: null, groupId: 5, more: 1 } } },
      { type: 'notification:new', notification: { ...notification, meta: { postId: 3, groupId: null, mentionId: 9, review: 'pending' } } },
      { type: 'notification:new', notification: { ...notification, meta: { postId: 3, groupId: null, mentionId: null, review: null } } },
      { type: 'notification:new' },
      { type: 'unknown', unread: 1 },
      [],
      null,
      42,
      ...brokenNotifications().map((n) => ({ type: 'notification:new', notification: n })),
    ].map((value) => JSON.stringify(value));
    frames.push('not json', '');
    let accepted = 0;
    for (const frame of frames) {
      const expected = bySchema(frame);
      if (expected) accepted += 1;
      expect(readSocketMessage(frame), frame).toEqual(expected);
    }
    // Both sides are exercised: the valid messages (and valid variations of a field) and many broken ones.
    expect(accepted).toBeGreaterThanOrEqual(5);
    expect(frames.length - accepted).toBeGreaterThan(60);
  });
});
