import { notificationTexts } from '@kora/contracts';
import { describe, expect, it } from 'vitest';
import {
  createdEvents,
  deliver,
  listOf,
  memberIds,
  registerMember,
  rowsOf,
  setNotificationSettings,
  someId,
  useNotificationsService,
} from '../test-support.js';

describe(`mention notifications (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = useNotificationsService();
  const nextId = memberIds();

  const list = (userId: number) => listOf(file.api, userId);
  function mention(
    mentioned: number,
    actor: number,
    { commentId = null as number | null, pending = false, mentionId = someId(), postId = someId() } = {},
  ) {
    const payload = {
      postId,
      postOwnerId: actor,
      actorId: actor,
      mentionId,
      mentionedUserId: mentioned,
      commentId,
      excerpt: 'hello @you',
      pending,
    };
    return deliver(file.svc, 'post.mentioned', payload, postId, actor);
  }

  it('a mention in a post and one in a comment: type mention, the message says which, the target is the post', async () => {
    const [me, actor] = [nextId(), nextId()];
    await registerMember(file.svc, actor, { firstname: 'Emeka', lastname: 'Nwosu' });
    const [inPost, inComment] = [someId(), someId()];
    await mention(me, actor, { postId: inPost, mentionId: 11 });
    await mention(me, actor, { postId: inComment, commentId: someId(), mentionId: 12 });
    const [second, first] = await list(me);
    expect(first).toMatchObject({
      type: 'mention',
      actorId: actor,
      actorName: 'Emeka Nwosu',
      entityType: 'post',
      entityId: inPost,
      message: notificationTexts.mentionedInPost,
      meta: { postId: inPost, groupId: null, mentionId: 11, review: null },
    });
    expect(first!.message).toBe('mentioned you in a post');
    expect(second).toMatchObject({ message: 'mentioned you in a comment', meta: { postId: inComment, mentionId: 12, review: null } });
    const announced = (await createdEvents(file.svc)).filter((e) => e.payload.recipientId === me);
    expect(announced.map((e) => e.payload.notification)).toEqual([first, second]);
  });

  it('no notification for mentioning yourself', async () => {
    const me = nextId();
    await mention(me, me);
    expect(await rowsOf(file.svc, me)).toEqual([]);
  });

  it('a pending mention carries its id and review state; the review settles it (approved or declined), once', async () => {
    const [me, actor] = [nextId(), nextId()];
    const [a, b] = [someId(), someId()];
    await mention(me, actor, { pending: true, mentionId: a });
    await mention(me, actor, { pending: true, mentionId: b });
    expect((await list(me)).map((n) => n.meta)).toEqual([
      expect.objectContaining({ mentionId: b, review: 'pending' }),
      expect.objectContaining({ mentionId: a, review: 'pending' }),
    ]);
    const review = (mentionId: number, approved: boolean, mentionedUserId = me) =>
      deliver(file.svc, 'post.mention-reviewed', { postId: someId(), postOwnerId: actor, mentionId, mentionedUserId, approved }, mentionId);
    await review(a, true);
    await review(b, false);
    // Someone else's review of the same id changes nothing of mine; a late opposite answer neither.
    await review(a, false, nextId());
    await review(a, false);
    expect((await list(me)).map((n) => n.meta.review)).toEqual(['declined', 'approved']);
  });

  it('inappMentions off: no mention notification', async () => {
    const [me, actor] = [nextId(), nextId()];
    await setNotificationSettings(file.svc, me, { inappMentions: false });
    await mention(me, actor, { pending: true });
    expect(await rowsOf(file.svc, me)).toEqual([]);
  });
});
