import { describe, expect, it } from 'vitest';
import { notificationPageLink, notificationTarget } from './notification-target';
import { makeNotification } from './test-notification';

const noPost = { postId: null, groupId: null, mentionId: null, review: null };

describe('notificationTarget', () => {
  it('opens the post for likes and comments (meta.postId)', () => {
    expect(notificationTarget(makeNotification(1, { meta: { postId: 40, groupId: null, mentionId: null, review: null } }))).toEqual({
      kind: 'post',
      postId: 40,
    });
    expect(
      notificationTarget(makeNotification(1, { type: 'post_comment', meta: { postId: 41, groupId: 2, mentionId: null, review: null } })),
    ).toEqual({ kind: 'post', postId: 41 });
  });

  it('goes to /friends for a request and to the friend for an accepted one', () => {
    expect(notificationTarget(makeNotification(1, { type: 'friend_request', actorId: 8, meta: noPost }))).toEqual({
      kind: 'page',
      to: '/friends',
    });
    expect(notificationTarget(makeNotification(1, { type: 'friend_accept', actorId: 8, meta: noPost }))).toEqual({
      kind: 'page',
      to: '/profile/8',
    });
  });

  it("goes to a group's Requests tab for a join request and to the group for an approval", () => {
    const inGroup = { postId: null, groupId: 6, mentionId: null, review: null };
    const request = makeNotification(1, { type: 'group_join_request', entityType: 'group', meta: inGroup });
    const approved = makeNotification(2, { type: 'group_join_approved', entityType: 'group', meta: inGroup });
    expect(notificationTarget(request)).toEqual({ kind: 'page', to: '/groups/6?tab=requests' });
    expect(notificationTarget(approved)).toEqual({ kind: 'page', to: '/groups/6' });
    expect(notificationPageLink(request)).toBe('/groups/6?tab=requests');
    expect(notificationPageLink(approved)).toBe('/groups/6');
  });

  it("opens the reels feed at the reel for a reel's like or comment", () => {
    const like = makeNotification(1, { type: 'reel_like', entityType: 'reel', entityId: 31, meta: noPost });
    const comment = makeNotification(2, { type: 'reel_comment', entityType: 'reel', entityId: 32, meta: noPost });
    expect(notificationTarget(like)).toEqual({ kind: 'page', to: '/reels/31' });
    expect(notificationTarget(comment)).toEqual({ kind: 'page', to: '/reels/32' });
    expect(notificationPageLink(like)).toBe('/reels/31');
    expect(notificationPageLink(comment)).toBe('/reels/32');
  });

  it('opens the wallet for a payment notice, from the bell and the page', () => {
    const topUp = makeNotification(1, { type: 'payment', entityType: 'transaction', entityId: 77, meta: noPost });
    const bought = makeNotification(2, { type: 'payment_package', entityType: 'transaction', entityId: 78, meta: noPost });
    for (const n of [topUp, bought]) {
      expect(notificationTarget(n)).toEqual({ kind: 'page', to: '/wallet' });
      expect(notificationPageLink(n)).toBe('/wallet');
    }
  });

  it('opens Settings → Your data for the archive-ready notice, from the bell and the page', () => {
    const ready = makeNotification(1, { type: 'archive_ready', entityType: 'user', entityId: 5, actorId: 5, meta: noPost });
    expect(notificationTarget(ready)).toEqual({ kind: 'page', to: '/settings?tab=data' });
    expect(notificationPageLink(ready)).toBe('/settings?tab=data');
  });

  it('opens the conversation for a message notice, from the bell and the page', () => {
    const message = makeNotification(1, { type: 'message', entityType: 'conversation', entityId: 88, meta: noPost });
    expect(notificationTarget(message)).toEqual({ kind: 'page', to: '/messages/88' });
    expect(notificationPageLink(message)).toBe('/messages/88');
  });

  it('goes nowhere for anything else', () => {
    expect(notificationTarget(makeNotification(1, { type: 'reel_like', entityType: 'post', meta: noPost }))).toEqual({ kind: 'none' });
    expect(notificationTarget(makeNotification(1, { type: 'mention', entityType: 'reel', entityId: 3, meta: noPost }))).toEqual({
      kind: 'none',
    });
  });
});

describe('notificationPageLink', () => {
  it('links to the post page only when meta carries a post id', () => {
    expect(notificationPageLink(makeNotification(1))).toBe('/posts/40');
    expect(notificationPageLink(makeNotification(1, { type: 'friend_accept', meta: noPost }))).toBeNull();
  });
});
