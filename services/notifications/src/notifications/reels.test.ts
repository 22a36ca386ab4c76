import { topicOf, type Notification } from '@kora/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, createdEvents, deliver, memberIds, publish, registerMember, rowsOf, setNotificationSettings, someId, startNotifications, type NotificationsTestService } from '../test-support.js';

/** Reels' likes and comments (decision 022): reel_like and reel_comment to the reel's author. */
describe(`reel notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  let svc: NotificationsTestService;
  let api: ReturnType<typeof client>;
  const nextId = memberIds();

  beforeAll(async () => {
    svc = await startNotifications();
    api = client(svc);
  });
  afterAll(async () => {
    await svc?.close();
  });

  const list = async (userId: number) => (await api.get('/api/notifications', userId)).json() as Notification[];
  const announcedTo = async (userId: number) => (await createdEvents(svc)).filter((e) => e.payload.recipientId === userId).map((e) => e.payload.notification);

  it('reel.liked: one reel_like to the author, from the liker, pointing at the reel, delivered live; a replay stores nothing', async () => {
    const [author, liker] = [nextId(), nextId()];
    await registerMember(svc, liker, { firstname: 'Bola', lastname: 'Adeyemi' });
    const reelId = someId();
    const event = await deliver(svc, 'reel.liked', { reelId, authorId: author, actorId: liker }, reelId, liker);
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
    expect(await announcedTo(author)).toEqual([n]);
    // The same event again (redelivery), then another on the same key to know it was handled: still one.
    await svc.adapters.bus.publish([{ topic: topicOf('reel.liked'), key: String(reelId), value: JSON.stringify(event) }]);
    await deliver(svc, 'reel.liked', { reelId, authorId: nextId(), actorId: liker }, reelId, liker);
    expect(await list(author)).toHaveLength(1);
  });

  it('reel.commented: a reel_comment to the author naming the excerpt', async () => {
    const [author, writer] = [nextId(), nextId()];
    const reelId = someId();
    await deliver(svc, 'reel.commented', { reelId, authorId: author, actorId: writer, commentId: someId(), excerpt: 'Beautiful!' }, reelId, writer);
    const [n] = await list(author);
    expect(n).toMatchObject({ type: 'reel_comment', actorId: writer, entityType: 'reel', entityId: reelId, message: 'commented on your reel: "Beautiful!"' });
    expect(await announcedTo(author)).toEqual([n]);
  });

  it('tells nobody of acting on your own reel, and leaves a like taken back where it is (as posts do)', async () => {
    const author = nextId();
    const reelId = someId();
    await deliver(svc, 'reel.liked', { reelId, authorId: author, actorId: author }, reelId, author);
    await deliver(svc, 'reel.commented', { reelId, authorId: author, actorId: author, commentId: someId(), excerpt: 'Mine' }, reelId, author);
    expect(await rowsOf(svc, author)).toEqual([]);

    const liker = nextId();
    await deliver(svc, 'reel.liked', { reelId, authorId: author, actorId: liker }, reelId, liker);
    await publish(svc, 'reel.unliked', { reelId, authorId: author, actorId: liker }, reelId, liker);
    // Handled in order on the reel's key: once this one is, the unlike was seen too.
    await deliver(svc, 'reel.liked', { reelId, authorId: nextId(), actorId: liker }, reelId, liker);
    expect((await rowsOf(svc, author)).map((r) => r.type)).toEqual(['reel_like']);
  });

  it('answers to the likes and comments switches', async () => {
    const author = nextId();
    await setNotificationSettings(svc, author, { inappLikes: false });
    const reelId = someId();
    await deliver(svc, 'reel.liked', { reelId, authorId: author, actorId: nextId() }, reelId);
    await deliver(svc, 'reel.commented', { reelId, authorId: author, actorId: nextId(), commentId: someId(), excerpt: 'Hi' }, reelId);
    expect((await rowsOf(svc, author)).map((r) => r.type)).toEqual(['reel_comment']);
  });
});
