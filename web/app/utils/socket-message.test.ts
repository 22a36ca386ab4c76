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

const message = {
  id: 5021,
  conversationId: 88,
  senderId: 9,
  clientId: '0b5f8f8e-3a6e-4b8e-9a41-2c7d1f9e6a10',
  body: 'See you at the beach by 5? https://kora.ng/events/12',
  media: [{ url: '/uploads/posts/a.jpg', type: 'image', posterUrl: null }],
  replyTo: { id: 5019, senderId: 7, excerpt: 'Saturday?', deleted: false },
  deleted: false,
  createdAt: '2026-11-29T17:06:00.000Z',
};

/** Every way a field of a message can be wrong, its media and reply included. */
function brokenMessages(): unknown[] {
  const wrong: unknown[] = [];
  for (const name of Object.keys(message)) {
    const { [name]: _dropped, ...without } = message as Record<string, unknown>;
    wrong.push(without);
    for (const value of [null, 'x', 1.5, 2, true, {}, []]) wrong.push({ ...message, [name]: value });
  }
  for (const media of [
    [{}],
    [{ url: 1, type: 'image', posterUrl: null }],
    [{ url: '/a', type: 'gif', posterUrl: null }],
    [{ url: '/a', type: 'video' }],
    [{ url: '/a', type: 'video', posterUrl: 3 }],
    [null],
    'x',
  ])
    wrong.push({ ...message, media });
  for (const replyTo of [
    {},
    { id: 'x', senderId: 1, excerpt: '', deleted: false },
    { id: 1, senderId: 1, excerpt: '' },
    { id: 1, senderId: 1, excerpt: 2, deleted: true },
  ])
    wrong.push({ ...message, replyTo });
  return wrong;
}

/** The conversation frames, valid, with extra fields, and with each field missing or of another type. */
function conversationFrames(): unknown[] {
  const valid: Record<string, unknown>[] = [
    { type: 'conversation:read', conversationId: 88, userId: 9, readUpTo: 5021 },
    { type: 'conversation:delivered', conversationId: 88, userId: 9, deliveredUpTo: 5021 },
    { type: 'conversation:changed', conversationId: 88 },
    { type: 'conversation:typing', conversationId: 88, userId: 9 },
  ];
  const frames: unknown[] = [...valid];
  for (const frame of valid) {
    frames.push({ ...frame, extra: 1 });
    for (const name of Object.keys(frame).filter((key) => key !== 'type')) {
      const { [name]: _dropped, ...without } = frame;
      frames.push(without);
      for (const value of [null, 'x', 1.5, true]) frames.push({ ...frame, [name]: value });
    }
  }
  for (const type of ['message:new', 'message:deleted', 'message:updated']) {
    frames.push(
      { type, message },
      {
        type,
        message: { ...message, extra: 'dropped', media: [{ ...message.media[0], more: 1 }], replyTo: { ...message.replyTo, more: 2 } },
      },
      { type, message: { ...message, media: [], replyTo: null, deleted: true, body: '' } },
      { type, message: { ...message, media: [{ url: '/v.mp4', type: 'video', posterUrl: '/v.jpg' }] } },
      // Video states (optional fields): each valid state, and wrong values.
      ...(['processing', 'ready', 'failed', 'done', 3] as const).map((state) => ({
        type,
        message: { ...message, media: [{ url: '/v.mp4', type: 'video', posterUrl: null, state, durationSeconds: 12.5, error: null }] },
      })),
      { type, message: { ...message, media: [{ url: '/v.mp4', type: 'video', posterUrl: null, state: 'failed', error: 'Too long' }] } },
      { type, message: { ...message, media: [{ url: '/v.mp4', type: 'video', posterUrl: null, durationSeconds: 'long' }] } },
      { type, message: { ...message, media: [{ url: '/v.mp4', type: 'video', posterUrl: null, error: 5 }] } },
      { type },
      { type, message: null },
      ...brokenMessages().map((broken) => ({ type, message: broken })),
    );
  }
  return frames;
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
      { type: 'ready', unread: 2, newestId: 41 },
      { type: 'ready', unread: 0, newestId: 0 },
      { type: 'ready', unread: 2, newestId: -1 },
      { type: 'ready', unread: 2, newestId: '41' },
      { type: 'ready', unread: 2, newestId: 4.5 },
      { type: 'ready', unread: 2, newestId: null },
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
      ...conversationFrames(),
      { type: 'toString', conversationId: 1 },
      { type: '__proto__', conversationId: 1 },
    ].map((value) => JSON.stringify(value));
    frames.push('not json', '');
    let accepted = 0;
    for (const frame of frames) {
      const expected = bySchema(frame);
      if (expected) accepted += 1;
      expect(readSocketMessage(frame), frame).toEqual(expected);
    }
    // Both sides are exercised: the valid messages (and valid variations of a field) and many broken ones.
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(frames.length - accepted).toBeGreaterThan(300);
  });
});
