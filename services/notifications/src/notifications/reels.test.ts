import { topicOf } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import {
  announcedTo,
  deliver,
  listOf,
  memberIds,
  publish,
  registerMember,
  rowsOf,
  setNotificationSettings,
  someId,
  useNotificationsService,
} from '../test-support.js';

/** Reels' likes and comments (decision 022): reel_like and reel_comment to the reel's author. */
describe(`reel notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = useNotificationsService();
  const nextId = memberIds();

  const list = (userId: number) => listOf(file.api, userId);
  const announced = (userId: number) => announcedTo(file.svc, userId);

  it('reel.liked: one reel_like to the author, from the liker, pointing at the reel, delivered live; a replay stores nothing', async () => {
    const [author, liker] = [nextId(), nextId()];
    await registerMember(file.svc, liker, { firstname: 'Bola', lastname: 'Adeyemi' });
    const reelId = someId();
    const event = await deliver(file.svc, 'reel.liked', { reelId, authorId: author, actorId: liker }, reelId, liker);
    const [n, ...more] = await list(author);
    expect(more).toEqual([]);
    expect(n).toMatchObject({
      type: 'reel_like',
      actorId: liker,
      actorName: 'Bola Adeyemi',
      entityType: 'reel',
      entityId: reelId,
      message: 'liked your reel',
      meta: { postId: null, groupId: null },
      readAt: null,
    });
    expect(await announced(author)).toEqual([n]);
    // The same event again (redelivery), then another on the same key to know it was handled: still one.
    await file.svc.adapters.bus.publish([{ topic: topicOf('reel.liked'), key: String(reelId), value: JSON.stringify(event) }]);
    await deliver(file.svc, 'reel.liked', { reelId, authorId: nextId(), actorId: liker }, reelId, liker);
    expect(await list(author)).toHaveLength(1);
  });

  it('reel.commented: a reel_comment to the author naming the excerpt', async () => {
    const [author, writer] = [nextId(), nextId()];
    const reelId = someId();
    await deliver(
      file.svc,
      'reel.commented',
      { reelId, authorId: author, actorId: writer, commentId: someId(), excerpt: 'Beautiful!' },
      reelId,
      writer,
    );
    const [n] = await list(author);
    expect(n).toMatchObject({
      type: 'reel_comment',
      actorId: writer,
      entityType: 'reel',
      entityId: reelId,
      message: 'commented on your reel: "Beautiful!"',
    });
    expect(await announced(author)).toEqual([n]);
  });

  it('tells nobody of acting on your own reel, and leaves a like taken back where it is (as posts do)', async () => {
    const author = nextId();
    const reelId = someId();
    await deliver(file.svc, 'reel.liked', { reelId, authorId: author, actorId: author }, reelId, author);
    await deliver(
      file.svc,
      'reel.commented',
      { reelId, authorId: author, actorId: author, commentId: someId(), excerpt: 'Mine' },
      reelId,
      author,
    );
    expect(await rowsOf(file.svc, author)).toEqual([]);

    const liker = nextId();
    await deliver(file.svc, 'reel.liked', { reelId, authorId: author, actorId: liker }, reelId, liker);
    await publish(file.svc, 'reel.unliked', { reelId, authorId: author, actorId: liker }, reelId, liker);
    // Handled in order on the reel's key: once this one is, the unlike was seen too.
    await deliver(file.svc, 'reel.liked', { reelId, authorId: nextId(), actorId: liker }, reelId, liker);
    expect((await rowsOf(file.svc, author)).map((r) => r.type)).toEqual(['reel_like']);
  });

  it('answers to the likes and comments switches', async () => {
    const author = nextId();
    await setNotificationSettings(file.svc, author, { inappLikes: false });
    const reelId = someId();
    await deliver(file.svc, 'reel.liked', { reelId, authorId: author, actorId: nextId() }, reelId);
    await deliver(file.svc, 'reel.commented', { reelId, authorId: author, actorId: nextId(), commentId: someId(), excerpt: 'Hi' }, reelId);
    expect((await rowsOf(file.svc, author)).map((r) => r.type)).toEqual(['reel_comment']);
  });
});
