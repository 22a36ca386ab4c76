import { DEFAULT_AVATAR, topicOf, type EventPayload, type Post } from '@kora/contracts';
import { buildEnvelope } from '@kora/platform';
import { eventually, processed, readUntil } from '@kora/testing';
import { eq } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { mediaUrl, memberIds, postsServiceForFile, publish, registerMember, snapshot } from '../test-support.js';

describe(`projections from other services' events (${process.env.KORA_TEST_TARGET ?? 'embedded'})`, () => {
  const file = postsServiceForFile();
  const nextId = memberIds();

  const author = async (userId: number) =>
    (await file.svc.ctx.db.select().from(file.svc.tables.members).where(eq(file.svc.tables.members.userId, userId)))[0];

  describe('members (user.registered, user.updated)', () => {
    it("shows a member's new name and avatar on their posts and comments after user.updated", async () => {
      const me = nextId();
      await registerMember(file.svc, me, 'old_name');
      const post = await file.api.createPost(me, 'renaming soon');
      await file.api.post(`/api/posts/${post.id}/comment`, me, { content: 'me again' });
      await publish(file.svc, 'user.updated', snapshot(me, 'new_name', '/uploads/profile/new.webp'), me, me);
      const seen = await readUntil(
        async () => (await file.api.get(`/api/posts/${post.id}`, me)).json<Post>(),
        (p) => p.author.username === 'new_name',
      );
      expect(seen.author).toEqual({
        id: me,
        username: 'new_name',
        name: 'Ada Obi',
        profileImage: '/uploads/profile/new.webp',
        verified: false,
      });
      expect(seen.comments[0]).toMatchObject({ userId: me, username: 'new_name', profileImage: '/uploads/profile/new.webp' });
    });

    it('never lets an older snapshot overwrite a newer one, and shows the default avatar for an empty one', async () => {
      const me = nextId();
      const newer = buildEnvelope({ type: 'user.updated', aggregateId: me, actorId: me, payload: snapshot(me, 'newer', '') });
      const older = {
        ...buildEnvelope({ type: 'user.updated', aggregateId: me, actorId: me, payload: snapshot(me, 'older') }),
        occurredAt: '2020-01-01T00:00:00.000Z',
      };
      await file.svc.adapters.bus.publish(
        [newer, older].map((e) => ({ topic: topicOf('user.updated'), key: String(me), value: JSON.stringify(e) })),
      );
      // Same key, so the older one is handled after the newer: once it is recorded as processed, it has had its chance to do harm.
      await eventually(() => processed(file.svc, older.id));
      expect(await processed(file.svc, newer.id)).toBe(true);
      expect(await author(me)).toMatchObject({ username: 'newer', profileImage: DEFAULT_AVATAR });
    });

    it('applies a redelivered event once (processed-events record) and a replay of the same state harmlessly', async () => {
      const me = nextId();
      const envelope = buildEnvelope({ type: 'user.updated', aggregateId: me, actorId: me, payload: snapshot(me, 'twice') });
      const message = { topic: topicOf('user.updated'), key: String(me), value: JSON.stringify(envelope) };
      await file.svc.adapters.bus.publish([message, message]);
      await eventually(async () => (await author(me))?.username === 'twice');
      const rows = await file.svc.ctx.db
        .select()
        .from(file.svc.ctx.tables.processedEvents)
        .where(eq(file.svc.ctx.tables.processedEvents.eventId, envelope.id));
      expect(rows).toHaveLength(1);
    });
  });

  describe('photos (photo.stored, decision 044)', () => {
    it("answers a photo's sizes once media announced them, leaves older photos out, and forgets them with their uploader", async () => {
      const me = nextId();
      const [stored, older] = [mediaUrl('images'), mediaUrl('images')];
      const details = {
        url: stored,
        width: 1200,
        height: 800,
        placeholder: 'HBkSHYSIeHiPiHh8eJd4eTN0EEQG',
        widths: [320, 640, 1080, 1200],
      };
      await publish(file.svc, 'photo.stored', { ...details, formats: ['avif', 'webp'], uploaderId: me }, stored);
      const post = await file.api.createPost(me, 'two photos', [{ url: older }, { url: stored }]);
      const seen = await readUntil(
        async () => (await file.api.get(`/api/posts/${post.id}`, me)).json<Post>(),
        (p) => (p.imageDetails ?? []).length > 0,
      );
      expect(seen.images).toEqual([older, stored]);
      expect(seen.imageDetails).toEqual([{ ...details, formats: ['avif', 'webp'] }]);

      // Announced twice (a redelivery): the first stands.
      const again = await publish(file.svc, 'photo.stored', { ...details, width: 1, formats: ['webp'], uploaderId: me }, stored);
      await eventually(() => processed(file.svc, again));
      expect((await file.api.get(`/api/posts/${post.id}`, me)).json<Post>().imageDetails).toEqual([
        { ...details, formats: ['avif', 'webp'] },
      ]);

      const erased = await publish(file.svc, 'user.deleted', { userId: me, profileFiles: [] }, me, me);
      await eventually(() => processed(file.svc, erased));
      expect(await file.svc.ctx.db.select().from(file.svc.tables.photos).where(eq(file.svc.tables.photos.url, stored))).toEqual([]);
    });
  });

  describe('videos (video.uploaded, video.processed, video.failed)', () => {
    const videoEvent = (url: string) => ({ videoId: randomInt(1, 2 ** 31), url, uploaderId: nextId() });
    const detailsOf = async (postId: number, viewer: number) =>
      (await file.api.get(`/api/posts/${postId}`, viewer)).json<Post>().videoDetails;

    it('shows processing, then ready with poster and duration, in upload order', async () => {
      const me = nextId();
      const [v1, v2] = [mediaUrl('videos'), mediaUrl('videos')];
      const post = await file.api.createPost(me, 'two clips', [{ url: v1 }, { url: v2 }]);
      expect(post.videoDetails.map((v) => v.status)).toEqual(['processing', 'processing']);

      const ref = videoEvent(v2);
      await publish(file.svc, 'video.uploaded', ref, ref.videoId);
      await publish(
        file.svc,
        'video.processed',
        { ...ref, posterUrl: '/uploads/videos/poster.webp', durationSeconds: 12.5, width: 640, height: 360, bytes: 1234 },
        ref.videoId,
      );
      const details = await readUntil(
        () => detailsOf(post.id, me),
        (d) => d[1]?.status === 'ready',
      );
      expect(details).toEqual([
        { url: v1, status: 'processing', posterUrl: null, durationSeconds: null, error: null },
        { url: v2, status: 'ready', posterUrl: '/uploads/videos/poster.webp', durationSeconds: 12.5, error: null },
      ]);
      // An event from before light media names no renditions: the post answers none (the URL plays).
      expect('renditions' in details[1]!).toBe(false);
      expect((await file.api.get(`/api/posts/${post.id}`, me)).json<Post>().videos).toEqual([v1, v2]);

      // A late or repeated `uploaded` never undoes a finished video.
      await publish(file.svc, 'video.uploaded', ref, ref.videoId);
      const other = videoEvent(v1);
      await publish(file.svc, 'video.failed', { ...other, reason: 'not a video' }, other.videoId);
      const after = await readUntil(
        () => detailsOf(post.id, me),
        (d) => d[0]?.status === 'failed',
      );
      expect(after.map((d) => [d.status, d.error])).toEqual([
        ['failed', 'not a video'],
        ['ready', null],
      ]);
    });

    it('answers the renditions media named, smallest first', async () => {
      const me = nextId();
      const url = mediaUrl('videos');
      const post = await file.api.createPost(me, 'light clip', [{ url }]);
      const ref = videoEvent(url);
      const renditions = [
        { url: url.replace('.mp4', '-360.mp4'), width: 360, height: 640 },
        { url, width: 720, height: 1280 },
      ];
      const processedEvent = { ...ref, posterUrl: '/p.jpg', durationSeconds: 3, width: 720, height: 1280, bytes: 9, renditions };
      await publish(file.svc, 'video.processed', processedEvent, ref.videoId);
      const details = await readUntil(
        () => detailsOf(post.id, me),
        (d) => d[0]?.status === 'ready',
      );
      expect(details[0]).toEqual({ url, status: 'ready', posterUrl: '/p.jpg', durationSeconds: 3, error: null, renditions });
    });

    it('keeps a failed video failed when a stale processed event arrives', async () => {
      const me = nextId();
      const url = mediaUrl('videos');
      const post = await file.api.createPost(me, 'broken clip', [{ url }]);
      const ref = videoEvent(url);
      await publish(file.svc, 'video.failed', { ...ref, reason: 'gave up' }, ref.videoId);
      await readUntil(
        () => detailsOf(post.id, me),
        (d) => d[0]?.status === 'failed',
      );
      const stale = await publish(
        file.svc,
        'video.processed',
        { ...ref, posterUrl: '/p.webp', durationSeconds: 1, width: 1, height: 1, bytes: 1 },
        ref.videoId,
      );
      await eventually(() => processed(file.svc, stale));
      expect((await detailsOf(post.id, me))[0]).toEqual({
        url,
        status: 'failed',
        posterUrl: null,
        durationSeconds: null,
        error: 'gave up',
      });
    });
  });

  describe('friend graph (friend-request.accepted, friendship.removed)', () => {
    it('stores both directions once, however often the event comes, and removes both', async () => {
      const [a, b] = [nextId(), nextId()];
      const { friendships: f } = file.svc.tables;
      const rowsOf = async () =>
        (await file.svc.ctx.db.select().from(f).where(eq(f.userId, a))).length +
        (await file.svc.ctx.db.select().from(f).where(eq(f.userId, b))).length;
      await publish(file.svc, 'friend-request.accepted', { fromUserId: a, toUserId: b, requestId: 1 }, `${a}-${b}`);
      await publish(file.svc, 'friend-request.accepted', { fromUserId: b, toUserId: a, requestId: 2 }, `${a}-${b}`);
      await eventually(async () => (await rowsOf()) === 2);
      await publish(file.svc, 'friendship.removed', { fromUserId: b, toUserId: a }, `${a}-${b}`);
      await eventually(async () => (await rowsOf()) === 0);
    });
  });

  describe('groups (group.created, updated, deleted, member-joined, member-left, role-changed)', () => {
    const groupState = (groupId: number, ownerId: number, title: string, privacy: 'public' | 'private') => ({
      groupId,
      ownerId,
      title,
      description: '',
      picture: null,
      privacy,
      createdAt: '2026-11-20T09:00:00.000Z',
    });
    const groupOf = async (groupId: number) =>
      (await file.svc.ctx.db.select().from(file.svc.tables.groups).where(eq(file.svc.tables.groups.groupId, groupId)))[0];
    const membersOf = async (groupId: number) =>
      (await file.svc.ctx.db.select().from(file.svc.tables.groupMembers).where(eq(file.svc.tables.groupMembers.groupId, groupId)))
        .map((m) => [m.userId, m.role])
        .sort();
    type GroupEvent = {
      [T in 'group.created' | 'group.updated' | 'group.deleted' | 'group.member-joined' | 'group.member-left' | 'group.role-changed']: [
        T,
        EventPayload<T>,
      ];
    }['group.created' | 'group.updated' | 'group.deleted' | 'group.member-joined' | 'group.member-left' | 'group.role-changed'];
    /**
     * Delivers each event twice in a row (two deliveries, two ids: the handler itself runs twice),
     * and waits for the last: a group's events share its key, so all before it are handled too.
     */
    async function twice(groupId: number, events: GroupEvent[]) {
      let last = '';
      for (const [type, payload] of events) {
        for (let copy = 0; copy < 2; copy++) last = await publish(file.svc, type, payload as never, groupId);
      }
      await eventually(() => processed(file.svc, last));
    }

    it('keeps title, privacy, owner and approved members with roles; a repeated event changes nothing', async () => {
      const [groupId, owner, member] = [nextId(), nextId(), nextId()];
      await twice(groupId, [
        ['group.created', groupState(groupId, owner, 'Lagos Food', 'private')],
        ['group.member-joined', { groupId, userId: owner, role: 'owner' }],
        ['group.member-joined', { groupId, userId: member, role: 'member' }],
      ]);
      expect(await groupOf(groupId)).toMatchObject({ title: 'Lagos Food', privacy: 'private', ownerId: owner });
      expect(await membersOf(groupId)).toEqual(
        [
          [owner, 'owner'],
          [member, 'member'],
        ].sort(),
      );

      // Handing over: the member becomes owner, the owner an admin; the state names the new owner.
      await twice(groupId, [
        ['group.role-changed', { groupId, userId: member, role: 'owner' }],
        ['group.role-changed', { groupId, userId: owner, role: 'admin' }],
        ['group.updated', groupState(groupId, member, 'Lagos Food & Drink', 'public')],
      ]);
      expect(await groupOf(groupId)).toMatchObject({ title: 'Lagos Food & Drink', privacy: 'public', ownerId: member });
      expect(await membersOf(groupId)).toEqual(
        [
          [owner, 'admin'],
          [member, 'owner'],
        ].sort(),
      );

      await twice(groupId, [['group.member-left', { groupId, userId: owner, removedBy: null }]]);
      expect(await membersOf(groupId)).toEqual([[member, 'owner']]);
    });

    it('knows the creator as owner from group.created alone, and a late copy of it undoes no handover', async () => {
      const [groupId, owner, heir] = [nextId(), nextId(), nextId()];
      await twice(groupId, [['group.created', groupState(groupId, owner, 'Abuja Runners', 'private')]]);
      expect(await membersOf(groupId)).toEqual([[owner, 'owner']]);
      await twice(groupId, [
        ['group.member-joined', { groupId, userId: heir, role: 'member' }],
        ['group.role-changed', { groupId, userId: heir, role: 'owner' }],
        ['group.role-changed', { groupId, userId: owner, role: 'member' }],
        ['group.created', groupState(groupId, owner, 'Abuja Runners', 'private')],
      ]);
      expect(await membersOf(groupId)).toEqual(
        [
          [owner, 'member'],
          [heir, 'owner'],
        ].sort(),
      );
    });

    it('never lets an older state overwrite a newer one', async () => {
      const [groupId, owner] = [nextId(), nextId()];
      const newer = buildEnvelope({
        type: 'group.updated',
        aggregateId: groupId,
        actorId: owner,
        payload: groupState(groupId, owner, 'newer', 'public'),
      });
      const older = {
        ...buildEnvelope({
          type: 'group.updated',
          aggregateId: groupId,
          actorId: owner,
          payload: groupState(groupId, owner, 'older', 'private'),
        }),
        occurredAt: '2020-01-01T00:00:00.000Z',
      };
      await file.svc.adapters.bus.publish(
        [newer, older].map((e) => ({ topic: topicOf('group.updated'), key: String(groupId), value: JSON.stringify(e) })),
      );
      await eventually(() => processed(file.svc, older.id));
      expect(await groupOf(groupId)).toMatchObject({ title: 'newer', privacy: 'public' });
    });

    it('forgets a deleted group with its members, however often the deletion comes', async () => {
      const [groupId, owner, member] = [nextId(), nextId(), nextId()];
      await twice(groupId, [
        ['group.created', groupState(groupId, owner, 'Short-lived', 'public')],
        ['group.member-joined', { groupId, userId: owner, role: 'owner' }],
        ['group.member-joined', { groupId, userId: member, role: 'member' }],
        ['group.deleted', { groupId, ownerId: owner }],
      ]);
      expect(await groupOf(groupId)).toBeUndefined();
      expect(await membersOf(groupId)).toEqual([]);
    });
  });
});
